// The list's reading, apart from its drawing: a row's summary, the checks of an item and of the list's own rules (how
// many, which relationships, shares that total 100), and where the faults of an item are.
import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import { setByPath } from '@rjsf/utils';
import type { ApiError } from '../../lib/api';
import { type Checked, checksOf, problem, SERVER_ONLY, todayYmd } from '../../lib/checks';
import { english, type Translate } from '../messages';
import { m } from '../list-editor.messages';

export type Item = Record<string, unknown>;

/**
 * A row's summary: the person's name, their relationship and birth date as a person reads them (in the page's
 * language, `t`; English without it).
 */
export function summary(item: Item, schema: RJSFSchema, t: Translate = english): string {
  const props = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  const label = (field: string) => {
    const value = item[field];
    const choice = (props[field]?.oneOf as RJSFSchema[] | undefined)?.find((c) => c.const === value);
    return typeof choice?.title === 'string' ? choice.title : typeof value === 'string' ? value : '';
  };
  const name = [item.first_name, item.middle_name, item.last_name].filter((p) => typeof p === 'string' && p).join(' ');
  return [name, label('relationship'), item.birthdate ? t(m.born, { date: String(item.birthdate) }) : ''].filter(Boolean).join(', ');
}

/** What the engine's checks of an item's own fields say of `item` (a birth date today or later, an SSN that cannot be
 * one), by field, in rjsf's errorSchema shape; null when every check holds. An empty field is JSON Schema's to refuse. */
export function itemCheckErrors(item: Item, schema: RJSFSchema): ErrorSchema | null {
  const errors: Record<string, { __errors: string[] }> = {};
  for (const [name, prop] of Object.entries((schema.properties ?? {}) as Record<string, Checked>)) {
    const value = item[name];
    if (value === undefined || value === null || value === '') continue;
    for (const check of checksOf(prop)) {
      if (SERVER_ONLY.includes(check.check)) continue;
      const message = problem(check, prop, value, item, todayYmd());
      if (message) (errors[name] ??= { __errors: [] }).__errors.push(message);
    }
  }
  return Object.keys(errors).length > 0 ? (errors as unknown as ErrorSchema) : null;
}

/** The first message of an errorSchema, with the title of the field it is under when it has one. */
export function firstMessage(errors: ErrorSchema): string {
  const walk = (node: unknown): string | null => {
    if (!node || typeof node !== 'object') return null;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      if (key === '__errors' && Array.isArray(value) && typeof value[0] === 'string') return value[0];
      const found = walk(value);
      if (found) return found;
    }
    return null;
  };
  return walk(errors) ?? '';
}

/** Messages of the list's own rules (how many, which relationships) for `list`, from the schema's `x-messages`. */
function tooMany(schema: RJSFSchema, list: Item[], validate: (data: unknown, schema: RJSFSchema) => unknown[]): boolean {
  const contains = schema.contains as RJSFSchema | undefined;
  if (!contains || typeof schema.maxContains !== 'number') return false;
  return list.filter((item) => validate(item, contains).length === 0).length > schema.maxContains;
}

/** The sum of the field the list's `total` check adds up (beneficiary shares): Add is offered while it is under 100;
 * none for a list without such a check. */
export function shareTotal(schema: RJSFSchema, list: Item[]): number | null {
  const check = checksOf(schema as Checked).find((c) => c.check === 'total');
  if (!check || check.check !== 'total') return null;
  return list.reduce((sum, item) => sum + (typeof item[check.field] === 'number' ? (item[check.field] as number) : 0), 0);
}

/** The list's `total` check (beneficiary shares must add up to 100), as the engine defines it: its message, if any. */
function totalProblem(schema: RJSFSchema, list: Item[]): { keyword: string; message: string }[] {
  const check = checksOf(schema as Checked).find((c) => c.check === 'total');
  if (!check || list.length === 0) return [];
  const message = problem(check, schema as Checked, list, {}, todayYmd());
  return message ? [{ keyword: 'total', message }] : [];
}

export function listMessages(
  schema: RJSFSchema,
  list: Item[],
  validate: (data: unknown, schema: RJSFSchema) => { name?: string; property?: string; message?: string }[],
) {
  const messages = (schema['x-messages'] ?? {}) as Record<string, string>;
  const rules: RJSFSchema = { ...schema, items: {} };
  delete rules['x-messages'];
  // The shares of a list must total exactly 100: the engine's own check, evaluated here early (the server again).
  return [...totalProblem(schema, list), ...listRules(rules, list, validate, messages, schema)];
}

function listRules(
  rules: RJSFSchema,
  list: Item[],
  validate: (data: unknown, schema: RJSFSchema) => { name?: string; property?: string; message?: string }[],
  messages: Record<string, string>,
  schema: RJSFSchema,
) {
  return validate(list, rules)
    .filter((e) => !e.property || e.property === '' || e.property === '.')
    // ajv reports minContains and maxContains both as `contains`: counting the matching items says which.
    .map((e) => (e.name === 'contains' ? { ...e, name: tooMany(schema, list, validate) ? 'maxContains' : 'minContains' } : e))
    .map((e) => ({ keyword: e.name ?? '', message: messages[e.name ?? ''] ?? messages.default }))
    .filter((rule): rule is { keyword: string; message: string } => Boolean(rule.message));
}

/** Faults the server found in the item at `index` (on Next), from the list's errorSchema: shown on the item's row. */
export function rowFaults(errorSchema: ErrorSchema | undefined, index: number): string[] {
  const collect = (node: unknown): string[] =>
    node && typeof node === 'object'
      ? Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => (k === '__errors' && Array.isArray(v) ? (v as string[]) : collect(v)))
      : [];
  return collect((errorSchema as Record<number, unknown> | undefined)?.[index]);
}

/** The item check's refusal (`x-item-validate`) as the item's errorSchema: each field's message under its field. */
export function itemRefusal(error: ApiError): ErrorSchema {
  const errors: Record<string, unknown> = {};
  for (const f of error.fields) {
    const path = f.target_element.replace(/^primary_info\./, '').split('.');
    setByPath(errors, [...path, '__errors'], [f.error_message]);
  }
  return errors as ErrorSchema;
}

/**
 * What the list says of itself now, by the form's `validator`: the messages of the rules it breaks (`rules`), and
 * whether it is complete (`ready`: a list whose schema has words for that, `x-ready`, shows them).
 */
export function listState(schema: RJSFSchema, list: Item[], validator: ValidatorType): { rules: { keyword: string; message: string }[]; ready: boolean } {
  const validate = (data: unknown, s: RJSFSchema) =>
    validator.validateFormData(data, s).errors.map((e) => ({ name: e.name, property: e.property, message: e.message }));
  const rules = listMessages(schema, list, validate);
  const ready = rules.length === 0 && list.length > 0 && typeof schema['x-ready'] === 'string' && validate(list, schema).length === 0;
  return { rules, ready };
}
