// The plain form: a small server form (the quote's filter: text fields and choices, fields a choice adds) drawn and
// checked without the form library, so that the pages that show one (the landing page) do not load rjsf and ajv,
// nearly half the store's script. It reads the same schema and uiSchema the server sends and rjsf would draw, and
// draws them as rjsf does with this renderer's widgets and templates (the same ids, labels, classes and messages);
// `fitsPlainForm` says whether a form keeps to what it knows, and any other form is drawn by rjsf
// (components/server-form.tsx chooses). The rules stay the server's: the schema's keywords are read, none is written
// here, and the server checks everything again.
import { type Checked, checksOf } from '../lib/checks';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { isWideField } from './field-layout';
import { english, m, type Translate } from './messages';
import type { SchemaFormProps } from './schema-form';
import { isTextWidget, TEXT_FORMATS } from './text-formats';
import { TextInput } from './text-input';

type Json = Record<string, unknown>;
type Messages = Record<string, string>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const only = (value: Json, keys: readonly string[]) => Object.keys(value).every((k) => keys.includes(k));

/** The keywords the plain form reads; a form using any other is drawn by rjsf. */
const FORM_KEYS = ['$schema', '$id', 'title', 'type', 'properties', 'required', 'allOf'];
const FIELD_KEYS = ['title', 'description', 'type', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'oneOf', 'enum', 'readOnly', 'x-messages', 'x-widget', 'x-checks', 'x-refuse'];
const CHOICE_KEYS = ['const', 'title', 'type'];
const FIELD_UI_KEYS = ['ui:widget', 'ui:readonly', 'ui:help', 'ui:placeholder'];
const TYPES = ['string', 'integer', 'number'];

interface Choice {
  value: unknown;
  label: string;
}

/** A field's choices (`oneOf` of consts, or `enum`), as rjsf lists them; none for a field typed freely. */
function choicesOf(field: Json): Choice[] | null {
  if (Array.isArray(field.oneOf)) return (field.oneOf as Json[]).map((c) => ({ value: c.const, label: typeof c.title === 'string' ? c.title : String(c.const) }));
  if (Array.isArray(field.enum)) return field.enum.map((value) => ({ value, label: String(value) }));
  return null;
}

function fieldFits(field: unknown, ui: unknown): boolean {
  if (!isObject(field) || !only(field, FIELD_KEYS) || !TYPES.includes(field.type as string)) return false;
  if (ui !== undefined && (!isObject(ui) || !only(ui, FIELD_UI_KEYS))) return false;
  if (field['x-refuse'] !== undefined && !isObject(field['x-refuse'])) return false;
  // The checks rjsf makes in the browser beyond JSON Schema (customValidate, conditions.ts) are not the plain form's.
  if (checksOf(field as Checked).some((c) => c.check === 'at_least_one' || c.check === 'after')) return false;
  const widget = isObject(ui) ? ui['ui:widget'] : undefined;
  if (field.oneOf !== undefined || field.enum !== undefined) {
    const listed = Array.isArray(field.oneOf)
      ? field.oneOf.every((c) => isObject(c) && only(c, CHOICE_KEYS) && 'const' in c)
      : Array.isArray(field.enum) && field.enum.every((v) => ['string', 'number'].includes(typeof v));
    return listed && (widget === undefined || widget === 'select');
  }
  return field.type === 'string' && isTextWidget(widget);
}

/** The fields a condition's `if` may test: a value among some (`enum`) or one (`const`), present (`required`). */
function conditionFits(test: unknown): boolean {
  if (!isObject(test) || !only(test, ['properties', 'required'])) return false;
  if (test.properties !== undefined && (!isObject(test.properties) || !Object.values(test.properties).every((p) => isObject(p) && only(p, ['enum', 'const'])))) return false;
  return test.required === undefined || Array.isArray(test.required);
}

/**
 * Whether the plain form draws `schema` as rjsf would: an object of text fields with this renderer's text widgets and
 * of choices, each drawn by a widget of its own, with conditions (`allOf: [{ if, then }]`) that add fields or make
 * them required. Anything else (lists, groups, check boxes, lookups, defaults, other keywords) is rjsf's.
 */
export function fitsPlainForm(schema: RJSFSchema, uiSchema: UiSchema): boolean {
  const form = schema as Json;
  if (!only(form, FORM_KEYS) || form.type !== 'object' || !isObject(form.properties)) return false;
  const ui = uiSchema as Json;
  const own = form.properties;
  const names = new Set(Object.keys(own));
  const required = form.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => names.has(r))) return false;
  const rules = form.allOf ?? [];
  if (!Array.isArray(rules)) return false;
  for (const rule of rules) {
    if (!isObject(rule) || !only(rule, ['if', 'then']) || !conditionFits(rule.if)) return false;
    const then = rule.then;
    if (!isObject(then) || !only(then, ['properties', 'required'])) return false;
    const added = then.properties ?? {};
    if (!isObject(added)) return false;
    for (const [name, field] of Object.entries(added)) {
      if (name in own || !fieldFits(field, ui[name])) return false;
      names.add(name);
    }
    if (then.required !== undefined && !(Array.isArray(then.required) && then.required.every((r) => r in own || r in added))) return false;
  }
  if (!Object.entries(own).every(([name, field]) => fieldFits(field, ui[name]))) return false;
  const order = ui['ui:order'];
  if (order !== undefined && !(Array.isArray(order) && (order.includes('*') || [...names].every((n) => order.includes(n))))) return false;
  return Object.keys(ui).every((k) => k === 'ui:order' || names.has(k));
}

/** Whether `data` meets a condition's `if`, as JSON Schema reads it. */
function holds(test: Json, data: Json): boolean {
  const present = ((test.required ?? []) as string[]).every((name) => data[name] !== undefined);
  const values = Object.entries((test.properties ?? {}) as Record<string, Json>).every(([name, rule]) => {
    const value = data[name];
    if (value === undefined) return true;
    if ('const' in rule && rule.const !== value) return false;
    return !Array.isArray(rule.enum) || rule.enum.includes(value);
  });
  return present && values;
}

/** The fields drawn for `data`: the form's own, then those the conditions that hold add; and which are required. */
export function drawnFields(schema: RJSFSchema, data: Json): { fields: Record<string, Json>; required: Set<string> } {
  const form = schema as Json;
  const fields: Record<string, Json> = { ...(form.properties as Record<string, Json>) };
  const required = new Set((form.required ?? []) as string[]);
  for (const rule of (form.allOf ?? []) as Json[]) {
    if (!holds(rule.if as Json, data)) continue;
    const then = rule.then as Json;
    for (const [name, field] of Object.entries((then.properties ?? {}) as Record<string, Json>)) fields[name] ??= field;
    for (const name of (then.required ?? []) as string[]) required.add(name);
  }
  return { fields, required };
}

/** The names in the order the uiSchema gives (`*` standing for the rest), as rjsf orders an object's fields. */
function ordered(names: string[], order: unknown): string[] {
  if (!Array.isArray(order)) return names;
  const rest = names.filter((n) => !order.includes(n));
  return order.flatMap((n) => (n === '*' ? rest : names.includes(n) ? [n as string] : []));
}

const sameValue = (a: unknown, b: unknown) => a === b || (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b));

function typed(value: unknown, type: unknown): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'integer') return Number.isInteger(value);
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The messages of the fields of `data` that the schema refuses, by field: each keyword's message from the field's
 * `x-messages` (as field-messages.ts's transformErrors words rjsf's), the wording of ajv where the schema gives none
 * (in the page's language, `t`; English without it), and a refused choice (`x-refuse`) as rjsf's customValidate adds it.
 */
export function checkPlainForm(schema: RJSFSchema, data: Json, t: Translate = english): Record<string, string[]> {
  const { fields, required } = drawnFields(schema, data);
  const found: Record<string, string[]> = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = data[name];
    const messages = (field['x-messages'] ?? {}) as Messages;
    const problems: string[] = [];
    const say = (keyword: string, fallback: string) => problems.push(messages[keyword] ?? messages.default ?? fallback);
    if (value === undefined) {
      if (required.has(name)) say('required', t(m.fieldRequired));
    } else if (!typed(value, field.type)) {
      say('type', t(m.mustBeType, { type: String(field.type) }));
    } else {
      if (typeof value === 'string') {
        const length = [...value].length;
        if (typeof field.minLength === 'number' && length < field.minLength) say('minLength', t(m.fewerThan, { limit: String(field.minLength) }));
        if (typeof field.maxLength === 'number' && length > field.maxLength) say('maxLength', t(m.moreThan, { limit: String(field.maxLength) }));
        if (typeof field.pattern === 'string' && !new RegExp(field.pattern, 'u').test(value)) say('pattern', t(m.mustMatch, { pattern: field.pattern }));
      }
      if (typeof value === 'number') {
        if (typeof field.minimum === 'number' && value < field.minimum) say('minimum', t(m.atLeast, { limit: String(field.minimum) }));
        if (typeof field.maximum === 'number' && value > field.maximum) say('maximum', t(m.atMost, { limit: String(field.maximum) }));
      }
      const choices = choicesOf(field);
      if (choices && !choices.some((c) => sameValue(c.value, value))) say('enum', t(m.chooseAnOption));
      const refusal = typeof value === 'string' ? (field['x-refuse'] as Messages | undefined)?.[value] : undefined;
      if (refusal) problems.push(refusal);
    }
    if (problems.length > 0) found[name] = problems;
  }
  return found;
}

/** What SchemaForm takes, but for what only rjsf's forms use (lists, lookups, the browser check's own report). */
export type PlainFormProps = Omit<SchemaFormProps, 'context' | 'lookup' | 'onError'>;

/** One form, drawn from the server's schema; keyed by `id` like SchemaForm. */
export function PlainForm(props: PlainFormProps) {
  return <Plain key={props.id} {...props} />;
}

function Plain({ schema, uiSchema, formData, extraErrors, disabled, onSubmit, onChange, className, children }: PlainFormProps) {
  // What the person typed survives a refused save; the browser's messages of a field go when it changes, the server's
  // stay until the form is sent again (as with rjsf).
  const [data, setData] = useState<Json>(formData);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const t = useT();
  const { fields, required } = drawnFields(schema, data);
  const ui = uiSchema as Json;
  const server = (extraErrors ?? {}) as Record<string, { __errors?: string[] } | undefined>;

  const change = (name: string, value: unknown) => {
    const next = { ...data, [name]: value };
    setData(next);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== name)));
    onChange?.(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkPlainForm(schema, data, t);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(data);
  };

  return (
    <form className={className ? `rjsf ${className}` : 'rjsf'} noValidate onSubmit={submit}>
      <div className="form-group rjsf-field rjsf-field-object">
        <fieldset className="form-grid" id="root">
          {ordered(Object.keys(fields), ui['ui:order']).map((name) => {
            const field = fields[name];
            const fieldUi = ui[name] as UiSchema | undefined;
            return (
              <div key={name} className={isWideField(field as RJSFSchema, fieldUi) ? 'form-cell form-cell-wide' : 'form-cell'}>
                <Field
                  name={name}
                  field={field}
                  ui={(fieldUi ?? {}) as Json}
                  value={data[name]}
                  required={required.has(name)}
                  errors={[...(errors[name] ?? []), ...(server[name]?.__errors ?? [])]}
                  disabled={Boolean(disabled)}
                  onChange={(value) => change(name, value)}
                />
              </div>
            );
          })}
        </fieldset>
      </div>
      {children}
    </form>
  );
}

function Field({ name, field, ui, value, required, errors, disabled, onChange }: {
  name: string;
  field: Json;
  ui: Json;
  value: unknown;
  required: boolean;
  errors: string[];
  disabled: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = `root_${name}`;
  const t = useT();
  const invalid = errors.length > 0;
  const readOnly = Boolean(ui['ui:readonly'] || field.readOnly);
  const choices = choicesOf(field);
  const description = typeof field.description === 'string' ? field.description : '';
  const help = typeof ui['ui:help'] === 'string' ? ui['ui:help'] : '';
  const placeholder = typeof ui['ui:placeholder'] === 'string' ? ui['ui:placeholder'] : '';
  let control: ReactNode;
  if (choices) {
    const selected = choices.findIndex((c) => sameValue(c.value, value));
    control = (
      <select
        id={id}
        name={id}
        className="form-control"
        value={selected < 0 ? '' : String(selected)}
        required={required}
        disabled={disabled || readOnly}
        aria-describedby={`${id}__error ${id}__description ${id}__help`}
        onChange={(e) => onChange(e.target.value === '' ? undefined : choices[Number(e.target.value)].value)}
      >
        {/* A required choice's placeholder names the choice and cannot be chosen back (the member home's Choose Tier). */}
        <option value="" disabled={Boolean(placeholder) && required}>
          {placeholder}
        </option>
        {choices.map((c, i) => (
          <option key={String(c.value)} value={String(i)}>
            {c.label}
          </option>
        ))}
      </select>
    );
  } else {
    const format = TEXT_FORMATS[ui['ui:widget'] as keyof typeof TEXT_FORMATS];
    control = <TextInput {...format} placeholder={placeholder} {...{ id, value, required, disabled, readOnly, invalid, onChange }} />;
  }
  return (
    <div className={`form-group rjsf-field rjsf-field-${String(field.type)}${invalid ? ' rjsf-field-error has-error has-danger' : ''}`}>
      <label className="control-label" htmlFor={id}>
        {typeof field.title === 'string' && field.title ? field.title : name}
        {required && <span className="required">{t(m.requiredMark)}</span>}
      </label>
      {description && (
        <div id={`${id}__description`} className="field-description">
          {description}
        </div>
      )}
      {control}
      {invalid && (
        <div>
          <ul id={`${id}__error`} className="error-detail bs-callout bs-callout-info">
            {errors.map((message, i) => (
              <li key={i} className="text-danger">
                {message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {help && (
        <div id={`${id}__help`} className="help-block">
          {help}
        </div>
      )}
    </div>
  );
}
