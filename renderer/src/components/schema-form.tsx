// One rjsf Form for every server-defined form: the schema, uiSchema and data come from the server; widgets are
// registered by name; messages come from each property's `x-messages` so the browser says what the server would.
import Form from '@rjsf/core';
import type { ErrorSchema, FormValidation, RJSFSchema, RJSFValidationError, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import { useState, type ReactNode } from 'react';
import { api, ApiError } from '../lib/api';
import { applyCopies, lookupsFor, valueAt } from './form-effects';
import { templates } from './templates';
import { widgets } from './widgets';

export const validator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false },
});

type Messages = Record<string, string>;

/**
 * The schema of the value at `path` (".condition_questions.141.conditions.0.date_of_onset"): a segment names a
 * property, or one a condition adds (`allOf[].then`), or, when a number, an array's item.
 */
export function schemaAt(schema: RJSFSchema, path: string): RJSFSchema | undefined {
  let node: RJSFSchema | undefined = schema;
  for (const segment of path.replace(/^\./, '').split('.').filter(Boolean)) {
    if (!node) return undefined;
    const props: Record<string, RJSFSchema> | undefined = node.properties as Record<string, RJSFSchema> | undefined;
    const conditional: Record<string, RJSFSchema> | undefined = (node.allOf as RJSFSchema[] | undefined)
      ?.map((rule) => (rule.then as RJSFSchema | undefined)?.properties as Record<string, RJSFSchema> | undefined)
      .find((p) => p?.[segment]);
    const items: RJSFSchema | undefined = typeof node.items === 'object' && !Array.isArray(node.items) ? (node.items as RJSFSchema) : undefined;
    node = props?.[segment] ?? conditional?.[segment] ?? (/^\d+$/.test(segment) ? items : undefined);
  }
  return node;
}

/** Replaces ajv's wording with the spec's message for the field and keyword. */
export function transformErrors(schema: RJSFSchema) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors
      // A failed `if`/`then` or `oneOf` is reported again by the keyword inside it that failed; show that one only.
      .filter((e) => e.name !== 'if' && ((e.name !== 'oneOf' && e.name !== 'const') || e.property))
      .map((e) => {
        const property = e.property ?? '';
        const messages = (schemaAt(schema, property)?.['x-messages'] ?? {}) as Messages;
        const keyword = ['oneOf', 'const', 'enum'].includes(e.name ?? '') ? 'enum' : (e.name ?? '');
        const fallback = keyword === 'required' ? 'Field is required' : keyword === 'enum' ? 'Please choose one of the options' : e.message;
        return { ...e, property, message: messages[keyword] ?? messages.default ?? fallback, stack: messages[keyword] ?? fallback ?? '' };
      });
}

type Properties = Record<string, RJSFSchema & { 'x-refuse'?: Record<string, string>; 'x-checks'?: string[] }>;

/**
 * The schema's own rules that JSON Schema cannot state, checked in the browser for speed only (the server checks them
 * again): a refused choice (`x-refuse`) and a set of flags of which at least one must be on (`at_least_one`).
 */
export function customValidate(schema: RJSFSchema) {
  return (formData: Record<string, unknown> | undefined, errors: FormValidation<Record<string, unknown>>) => {
    const props = (schema.properties ?? {}) as Properties;
    for (const [name, prop] of Object.entries(props)) {
      const value = formData?.[name];
      const fieldErrors = (errors as unknown as Record<string, { addError: (m: string) => void } | undefined>)[name];
      if (!fieldErrors) continue;
      const refusal = typeof value === 'string' ? prop['x-refuse']?.[value] : undefined;
      if (refusal) fieldErrors.addError(refusal);
      if (prop['x-checks']?.includes('at_least_one') && value && typeof value === 'object') {
        const anyOn = Object.values(value as Record<string, unknown>).some((flag) => flag === true);
        const messages = (prop['x-messages'] ?? {}) as Messages;
        if (!anyOn) fieldErrors.addError(messages.at_least_one ?? 'Select at least one');
      }
    }
    return errors;
  };
}

export interface SchemaFormProps {
  id: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  onSubmit: (data: Record<string, unknown>) => void;
  onChange?: (data: Record<string, unknown>) => void;
  children: ReactNode;
}

/** One form per step: keyed by `id`, so a new step starts from the server's data. */
export function SchemaForm(props: SchemaFormProps) {
  return <StepForm key={props.id} {...props} />;
}

function StepForm({ schema, uiSchema, formData, extraErrors, disabled, onSubmit, onChange, children }: SchemaFormProps) {
  // What the person typed survives a refused save: the server's errors are shown beside it, nothing is reset.
  const [data, setData] = useState(formData);
  // Messages of lookups the schema asks for (x-fills), shown like the server's.
  const [lookupErrors, setLookupErrors] = useState<Record<string, { __errors: string[] }>>({});

  const update = (next: Record<string, unknown>) => {
    setData(next);
    onChange?.(next);
  };

  const changed = (raw: Record<string, unknown>) => {
    let next = applyCopies(schema, data, raw);
    const { run, clear } = lookupsFor(schema, data, next);
    if (clear.length > 0) next = Object.fromEntries(Object.entries(next).filter(([k]) => !clear.includes(k)));
    update(next);
    for (const lookup of run) {
      api
        .get<unknown>(lookup.path)
        .then((answer) => {
          setLookupErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== lookup.field)));
          setData((current) => {
            const filled = { ...current, [lookup.into]: valueAt(answer, lookup.value) };
            onChange?.(filled);
            return filled;
          });
        })
        .catch((error: unknown) => {
          const message = error instanceof ApiError ? error.message : 'The lookup failed';
          setLookupErrors((current) => ({ ...current, [lookup.field]: { __errors: [message] } }));
          setData((current) => {
            const cleared = Object.fromEntries(Object.entries(current).filter(([k]) => k !== lookup.into));
            onChange?.(cleared);
            return cleared;
          });
        });
    }
  };

  const errors = Object.keys(lookupErrors).length > 0 ? ({ ...(extraErrors ?? {}), ...lookupErrors } as ErrorSchema) : extraErrors;
  return (
    <Form
      // The page's heading already names the form; rjsf would repeat the schema's title as a legend.
      schema={{ ...schema, title: undefined }}
      uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
      formData={data}
      validator={validator}
      widgets={widgets as RegistryWidgetsType}
      templates={templates}
      transformErrors={transformErrors(schema)}
      customValidate={customValidate(schema)}
      extraErrors={errors}
      showErrorList={false}
      // A choice the person has not made stays empty: no first option picked for them.
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'never' }}
      noHtml5Validate
      disabled={disabled}
      onChange={(e) => changed(e.formData as Record<string, unknown>)}
      onSubmit={(e) => onSubmit(e.formData as Record<string, unknown>)}
    >
      {children}
    </Form>
  );
}
