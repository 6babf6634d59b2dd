// The spec's messages for rjsf's errors: each field's `x-messages` by keyword, found wherever the field sits (nested
// objects, list items, fields a condition adds).
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { inEnglish as english, type Translate } from '../lib/i18n';
import { m } from './messages';

type Messages = Record<string, string>;

/**
 * Every property an object schema may have: its own and those its conditions add (`allOf[].then`, Billing's card
 * fields once Credit Card is chosen, a Yes answer's details); the first schema of a name wins, as in the engine.
 */
export function everyProperty(schema: RJSFSchema): Record<string, RJSFSchema> {
  const conditional = ((schema.allOf ?? []) as RJSFSchema[]).map((rule) => ((rule.then as RJSFSchema | undefined)?.properties ?? {}) as Record<string, RJSFSchema>);
  return Object.assign({}, ...conditional.reverse(), schema.properties ?? {}) as Record<string, RJSFSchema>;
}

/**
 * The schema of the value at `path` (".condition_questions.141.conditions.0.date_of_onset"): a segment names a
 * property, or one a condition adds (`allOf[].then`), or, when a number, an array's item.
 */
export function schemaAt(schema: RJSFSchema, path: string): RJSFSchema | undefined {
  let node: RJSFSchema | undefined = schema;
  for (const segment of path.replace(/^\./, '').split('.').filter(Boolean)) {
    if (!node) return undefined;
    const items: RJSFSchema | undefined = typeof node.items === 'object' && !Array.isArray(node.items) ? (node.items as RJSFSchema) : undefined;
    node = everyProperty(node)[segment] ?? (/^\d+$/.test(segment) ? items : undefined);
  }
  return node;
}

/**
 * The words for a keyword a field's `x-messages` does not name: the engine's own (engine/src/validation.rs,
 * `message_for`), so that ajv's wording ("must be string") never reaches a person.
 */
function wordsFor(keyword: string, t: Translate): string {
  switch (keyword) {
    case 'required':
      return t(m.fieldRequired);
    case 'enum':
      return t(m.chooseAnOption);
    case 'maxLength':
      return t(m.tooLong);
    case 'format':
      return t(m.notInFormat);
    default:
      return t(m.notValid);
  }
}

/**
 * Replaces ajv's wording with the spec's message for the field and keyword, or the engine's words in the page's
 * language (`t`; English without it).
 */
export function transformErrors(schema: RJSFSchema, t: Translate = english) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      // A failed `if`/`then` or `oneOf` is reported again by the keyword inside it that failed; show that one only.
      .filter((e) => e.name !== 'if' && ((e.name !== 'oneOf' && e.name !== 'const') || e.property))
      .map((e) => {
        const property = e.property ?? '';
        const messages = (schemaAt(schema, property)?.['x-messages'] ?? {}) as Messages;
        const keyword = ['oneOf', 'const', 'enum'].includes(e.name ?? '') ? 'enum' : (e.name ?? '');
        const words = messages[keyword] ?? messages.default ?? wordsFor(keyword, t);
        return { ...e, property, message: words, stack: words };
      });
}

