// One rjsf Form for every server-defined form: the schema, uiSchema and data come from the server; widgets are
// registered by name; messages come from each property's `x-messages` so the browser says what the server would.
import Form from '@rjsf/core';
import { type Checked, checksOf, problem, todayYmd } from '../lib/checks';
import type { ErrorSchema, FieldProps, FormValidation, RJSFSchema, RJSFValidationError, RegistryWidgetsType, UiSchema } from '@rjsf/utils';
import { englishStringTranslator, getDefaultFormState, TranslatableString } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api';
import { type MessageDescriptor, useT } from '../lib/i18n';
import { FormDataContext } from './form-data';
import { applyCopies, lookupsFor, valueAt } from './form-effects';
import { transformErrors } from './field-messages';
import type { ListEditorContext } from './list-editor';
import { type Translate } from './messages';
import { m } from './schema-form.messages';
import { templates } from './templates';
import { widgets } from './widgets';

// The server's schemas are checked where they are made (the engine's tests and the contract check), so ajv does not
// check each against the JSON Schema meta-schema again: compiling the draft 2020-12 meta-schema was most of the cost
// of drawing a step's first form on a phone (about 370 ms of main-thread work at Lighthouse's mobile CPU). Without that
// check the meta-schemas are not needed at all (`meta: false`), and the build leaves them out (lib/ajv-unused.ts).
export const validator = customizeValidator({
  AjvClass: Ajv2020,
  ajvOptionsOverrides: { strict: false, validateSchema: false, meta: false },
});

export { schemaAt, transformErrors } from './field-messages';
export { drawnForm, type DrawnForm, type ServerForm } from './drawn-form';

type Properties = Record<string, RJSFSchema & { 'x-refuse'?: Record<string, string> } & Checked>;

/**
 * The schema's own rules that JSON Schema cannot state, checked in the browser for speed only (the server checks them
 * again): a refused choice (`x-refuse`) and a set of flags of which at least one must be on (the engine's
 * `at_least_one` check, evaluated by its one definition).
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
      const atLeastOne = checksOf(prop).find((c) => c.check === 'at_least_one');
      if (atLeastOne && value && typeof value === 'object') {
        const message = problem(atLeastOne, prop, value, formData ?? {}, todayYmd());
        if (message) fieldErrors.addError(message);
      }
    }
    return errors;
  };
}

// The list editor (dependents, beneficiaries, medications) loads when a form first draws a list: most steps have none.
const LoadedListEditor = lazy(() => import('./list-editor').then((mod) => ({ default: mod.ListEditor })));

function ListEditorField(props: FieldProps) {
  const t = useT();
  return (
    <Suspense fallback={<p className="hint">{t(m.loadingList)}</p>}>
      <LoadedListEditor {...props} />
    </Suspense>
  );
}

/** rjsf's own words that the forms show (the list buttons, a yes-or-no choice), in the page's language. */
const RJSF_WORDS: Partial<Record<TranslatableString, MessageDescriptor>> = {
  [TranslatableString.AddButton]: m.add,
  [TranslatableString.RemoveButton]: m.remove,
  [TranslatableString.MoveUpButton]: m.moveUp,
  [TranslatableString.MoveDownButton]: m.moveDown,
  [TranslatableString.CopyButton]: m.copy,
  [TranslatableString.YesLabel]: m.yes,
  [TranslatableString.NoLabel]: m.no,
};

/** rjsf's `translateString`: its words from the catalogue, and rjsf's English for those no form here shows. */
export function rjsfWords(t: Translate) {
  return (word: TranslatableString, params?: string[]): string => {
    const message = RJSF_WORDS[word];
    return message ? t(message) : englishStringTranslator(word, params);
  };
}

/** Lists start empty (a person adds each beneficiary, dependent or medication); a choice not made stays empty. */
const DEFAULTS = { constAsDefaults: 'never', arrayMinItems: { populate: 'never' } } as const;

export interface SchemaFormProps {
  id: string;
  /** Lent to fields that need it (the list editor): a way to hold Next, and the check of a list's item. */
  context?: ListEditorContext;
  /** Runs a lookup the schema asks for (`x-fills`) at the path composed from it; a form without it looks nothing up. */
  lookup?: (path: string) => Promise<unknown>;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  extraErrors?: ErrorSchema;
  disabled?: boolean;
  onSubmit: (data: Record<string, unknown>) => void;
  onChange?: (data: Record<string, unknown>) => void;
  /** The browser's own check refused the form (the fields' messages, after `transformErrors`). */
  onError?: (errors: RJSFValidationError[]) => void;
  /** Extra classes on the form (`form-columns`: two columns of fields on wide screens). */
  className?: string;
  children: ReactNode;
}

/** One form per step: keyed by `id`, so a new step starts from the server's data. */
export function SchemaForm(props: SchemaFormProps) {
  return <StepForm key={props.id} {...props} />;
}

function StepForm({ schema, uiSchema, formData, extraErrors, disabled, onSubmit, onChange, onError, className, children, context, lookup }: SchemaFormProps) {
  // What the person typed survives a refused save: the server's errors are shown beside it, nothing is reset. A
  // choice of records on file that starts selected fills its fields from the first draw.
  const [data, setData] = useState(() =>
    JSON.stringify(schema).includes('x-copy-choices')
      ? applyCopies(schema, {}, getDefaultFormState(validator, schema, formData, schema, false, DEFAULTS) as Record<string, unknown>)
      : formData,
  );
  // Messages of lookups the schema asks for (x-fills), shown like the server's.
  const [lookupErrors, setLookupErrors] = useState<Record<string, { __errors: string[] }>>({});
  const t = useT();
  const translateString = useMemo(() => rjsfWords(t), [t]);

  const update = (next: Record<string, unknown>) => {
    setData(next);
    onChange?.(next);
  };

  const changed = (raw: Record<string, unknown>) => {
    let next = applyCopies(schema, data, raw);
    const { run, clear } = lookupsFor(schema, data, next);
    if (clear.length > 0) next = Object.fromEntries(Object.entries(next).filter(([k]) => !clear.includes(k)));
    update(next);
    if (!lookup) return;
    for (const fill of run) {
      lookup(fill.path)
        .then((answer) => {
          setLookupErrors((current) => Object.fromEntries(Object.entries(current).filter(([k]) => k !== fill.field)));
          setData((current) => {
            const filled = { ...current, [fill.into]: valueAt(answer, fill.value) };
            onChange?.(filled);
            return filled;
          });
        })
        .catch((error: unknown) => {
          const message = error instanceof ApiError ? error.message : t(m.lookupFailed);
          setLookupErrors((current) => ({ ...current, [fill.field]: { __errors: [message] } }));
          setData((current) => {
            const cleared = Object.fromEntries(Object.entries(current).filter(([k]) => k !== fill.into));
            onChange?.(cleared);
            return cleared;
          });
        });
    }
  };

  const errors = Object.keys(lookupErrors).length > 0 ? ({ ...(extraErrors ?? {}), ...lookupErrors } as ErrorSchema) : extraErrors;
  return (
    <FormDataContext.Provider value={data}>
      <Form
        // The page's heading already names the form; rjsf would repeat the schema's title as a legend.
        schema={{ ...schema, title: undefined }}
        uiSchema={{ ...uiSchema, 'ui:submitButtonOptions': { norender: true } }}
        formData={data}
        validator={validator}
        widgets={widgets as RegistryWidgetsType}
        templates={templates}
        translateString={translateString}
        fields={{ listEditor: ListEditorField }}
        formContext={context}
        transformErrors={transformErrors(schema, t)}
        customValidate={customValidate(schema)}
        extraErrors={errors}
        showErrorList={false}
        experimental_defaultFormStateBehavior={DEFAULTS}
        noHtml5Validate
        disabled={disabled}
        onChange={(e) => changed(e.formData as Record<string, unknown>)}
        onSubmit={(e) => onSubmit(e.formData as Record<string, unknown>)}
        onError={onError}
        className={className ? `rjsf ${className}` : undefined}
      >
        {children}
      </Form>
    </FormDataContext.Provider>
  );
}
