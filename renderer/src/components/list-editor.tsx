// The list editor: a list of people (dependents) shown as numbered rows with Edit and Delete, one of them edited at a
// time in a form titled by the list's item title ("Dependent #2") with Submit and Cancel. Registered as the rjsf field
// `listEditor`; the server's schema says which list uses it (`x-field`), what an item is, and the list's own rules
// (how many, which relationships), which are checked here live with the same validator and messages as the step.
import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { getUiOptions, setByPath, toFieldPathId } from '@rjsf/utils';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { type Checked, checksOf, problem, SERVER_ONLY, todayYmd } from '../lib/checks';
import { Message, useT } from '../lib/i18n';
import { common } from '../lib/messages';
import { useFormData } from './form-data';
import { transformErrors } from './field-messages';
import { english, type Translate } from './messages';
import { m } from './list-editor.messages';
import { itemTitle } from './templates';

type Item = Record<string, unknown>;

/** The words read only by a screen reader, inside a message (`<hidden>…</hidden>`). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * What the wizard page lends the list editor: a way to hold Next while an item is open, and the check of an item by
 * the call the list's schema names (`x-item-validate`), which refuses with an ApiError.
 */
export interface ListEditorContext {
  holdNext?: (reason: string | null) => void;
  /**
   * The list at `path` is now `list` (an item submitted or deleted): the page keeps what the step holds as a draft.
   * Given the list itself, because the form's own change may reach the page only after React has drawn it.
   */
  listChanged?: (path: readonly (string | number)[], list: unknown[]) => void;
  validateItem?: (call: string, item: { primary_info: Record<string, unknown>; health_info: unknown }) => Promise<unknown>;
}

/** Why Next, Delete and Add wait while an item is open (the spec's words). */
export const HOLD = {
  next: m.holdNext,
  remove: m.holdRemove,
  add: m.holdAdd,
};

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
function firstMessage(errors: ErrorSchema): string {
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

export function ListEditor(props: FieldProps) {
  const { schema, uiSchema, formData, onChange, registry, fieldPathId, disabled, errorSchema } = props;
  const list = useMemo<Item[]>(() => (Array.isArray(formData) ? (formData as Item[]) : []), [formData]);
  const itemSchema = (typeof schema.items === 'object' && !Array.isArray(schema.items) ? schema.items : {}) as RJSFSchema;
  const context = (registry.formContext ?? {}) as ListEditorContext;
  const form = useFormData();
  const titleTemplate = getUiOptions(uiSchema).itemTitle;
  const [editing, setEditing] = useState<{ index: number; item: Item } | null>(null);
  const [itemErrors, setItemErrors] = useState<ErrorSchema | undefined>(undefined);
  const SchemaField = registry.fields.SchemaField;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const t = useT();

  const validator = registry.schemaUtils.getValidator();
  const validate = (data: unknown, s: RJSFSchema) =>
    validator.validateFormData(data, s).errors.map((e) => ({ name: e.name, property: e.property, message: e.message }));
  const rules = listMessages(schema, list, validate);
  const ready = rules.length === 0 && list.length > 0 && typeof schema['x-ready'] === 'string' && validate(list, schema).length === 0;
  // Next waits while an item is open, and while the list breaks its own rules (a tier's count, shares not at 100):
  // the first rule's words say why.
  const holdNext = context.holdNext;
  const hold = editing ? t(HOLD.next) : (rules[0]?.message ?? null);
  useEffect(() => {
    holdNext?.(hold);
  }, [hold, holdNext]);
  useEffect(() => () => holdNext?.(null), [holdNext]);
  const total = shareTotal(schema, list);
  // Faults the server found in a dependent (on Next) are shown on its row: the row is where the person goes to fix them.
  const rowFaults = (index: number): string[] => {
    const collect = (node: unknown): string[] =>
      node && typeof node === 'object'
        ? Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => (k === '__errors' && Array.isArray(v) ? (v as string[]) : collect(v)))
        : [];
    return collect((errorSchema as Record<number, unknown> | undefined)?.[index]);
  };
  const noun = typeof titleTemplate === 'string' ? titleTemplate.replace(/\s*#\{n\}/, '') : t(m.item);

  const start = (index: number, item: Item) => {
    setItemErrors(undefined);
    // An item from file may lack answers the form now asks (a dependent's health questions): they start at their
    // defaults, as on a new item.
    setEditing({ index, item: (registry.schemaUtils.getDefaultFormState(itemSchema, item) ?? item) as Item });
  };
  // A new item starts at its defaults and at what the list's first holding `x-new-item` rule sets (a family's new
  // dependent is the spouse until one is listed): the server says how, over the whole form and the list.
  const add = () => {
    const rules = (Array.isArray(schema['x-new-item']) ? schema['x-new-item'] : []) as { if?: RJSFSchema; set?: Item }[];
    const rule = rules.find((r) => !r.if || validator.isValid(r.if, { form, items: list }, r.if));
    start(list.length, { ...((registry.schemaUtils.getDefaultFormState(itemSchema, {}) ?? {}) as Item), ...(rule?.set ?? {}) });
  };
  const remove = (index: number) => {
    const next = list.filter((_, i) => i !== index);
    onChange(next, fieldPathId.path);
    context.listChanged?.(fieldPathId.path, next);
  };

  const submit = async () => {
    if (!editing) return;
    const local = validator.validateFormData(editing.item, itemSchema, undefined, transformErrors(itemSchema, t));
    if (local.errors.length > 0) {
      setItemErrors(local.errorSchema);
      return;
    }
    const checked = itemCheckErrors(editing.item, itemSchema);
    if (checked) {
      setItemErrors(checked);
      return;
    }
    const call = schema['x-item-validate'];
    if (typeof call === 'string' && context.validateItem) {
      const { health_info: health, ...primary } = editing.item;
      try {
        await context.validateItem(call, { primary_info: primary, health_info: health });
      } catch (error) {
        if (error instanceof ApiError) {
          const errors: Record<string, unknown> = {};
          for (const f of error.fields) {
            const path = f.target_element.replace(/^primary_info\./, '').split('.');
            setByPath(errors, [...path, '__errors'], [f.error_message]);
          }
          setItemErrors(errors as ErrorSchema);
          return;
        }
        throw error;
      }
    }
    const next = [...list];
    next[editing.index] = editing.item;
    onChange(next, fieldPathId.path);
    setEditing(null);
    context.listChanged?.(fieldPathId.path, next);
  };

  const editPath = toFieldPathId('edit', registry.globalFormOptions, fieldPathId);
  const open = editing !== null;
  return (
    <div className="list-editor">
      {list.length === 0 && !editing && <p className="hint">{t(m.noneYet)}</p>}
      <ol className="list-editor-rows">
        {list.map((item, index) => (
          <li key={index} id={`${fieldPathId.$id}_${index}`} className="list-editor-row">
            <span>
              <strong>{itemTitle(titleTemplate, index)}</strong> {summary(item, itemSchema, t)}
              {rowFaults(index).length > 0 && (
                <Message
                  of={m.rowFault}
                  values={{
                    title: itemTitle(titleTemplate, index),
                    fault: rowFaults(index)[0],
                    alert: (chunks) => (
                      <span className="error" role="alert">
                        {chunks}
                      </span>
                    ),
                  }}
                />
              )}
            </span>
            <span className="list-editor-buttons">
              <button type="button" disabled={disabled || open} title={open ? t(HOLD.next) : undefined} onClick={() => start(index, item)}>
                <Message of={m.edit} values={{ title: itemTitle(titleTemplate, index), hidden }} />
              </button>
              <button type="button" disabled={disabled || open} title={open ? t(HOLD.remove) : undefined} onClick={() => remove(index)}>
                <Message of={m.delete} values={{ title: itemTitle(titleTemplate, index), hidden }} />
              </button>
            </span>
          </li>
        ))}
      </ol>
      {editing && (
        <section className="list-item" aria-labelledby={`${editPath.$id}-title`}>
          <h3 id={`${editPath.$id}-title`} className="list-item-title">
            {itemTitle(titleTemplate, editing.index)}
          </h3>
          <SchemaField
            name="edit"
            schema={itemSchema}
            uiSchema={{ ...((uiSchema?.items as object) ?? {}), 'ui:label': false }}
            formData={editing.item}
            errorSchema={itemErrors}
            fieldPathId={editPath}
            registry={registry}
            disabled={disabled}
            readonly={false}
            required
            onChange={(value, path) => {
              const relative = path.slice(editPath.path.length);
              setEditing((current) => {
                if (!current) return current;
                if (relative.length === 0) return { ...current, item: (value ?? {}) as Item };
                const item = structuredClone(current.item);
                setByPath(item, relative, value);
                return { ...current, item };
              });
            }}
            onBlur={() => undefined}
            onFocus={() => undefined}
          />
          {itemErrors && Object.keys(itemErrors).length > 0 && (
            <p className="error" role="alert">
              {summary(editing.item, itemSchema, t)
                ? t(m.correctItemNamed, { title: itemTitle(titleTemplate, editing.index), summary: summary(editing.item, itemSchema, t), message: firstMessage(itemErrors) })
                : t(m.correctItem, { title: itemTitle(titleTemplate, editing.index), message: firstMessage(itemErrors) })}
            </p>
          )}
          <div className="list-item-buttons">
            <button type="button" onClick={() => setEditing(null)}>
              {t(common.cancel)}
            </button>
            <button type="button" className="primary" onClick={() => void submit()}>
              {t(m.submit)}
            </button>
          </div>
        </section>
      )}
      {list.length < max && (total === null || total < 100) && (
        <button
          type="button"
          className="list-editor-add"
          disabled={disabled || open}
          title={open ? t(HOLD.add) : t(m.clickToAdd, { noun: noun.toLowerCase() })}
          onClick={add}
        >
          {t(m.addNoun, { noun })}
        </button>
      )}
      {rules.map((r) => (
        <p key={r.keyword} className={r.keyword === 'minItems' ? 'hint' : 'error'} role={r.keyword === 'minItems' ? undefined : 'alert'}>
          {r.message}
        </p>
      ))}
      {ready && (
        <p className="ready" role="status">
          {String(schema['x-ready'])}
        </p>
      )}
    </div>
  );
}
