// A server form as rjsf's types have it, kept apart from the form component so that a page can prepare a form
// before the form library has loaded (it loads with the first form drawn: components/lazy-schema-form.tsx).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { revealConditionally } from './conditions';

/** A form as the server sends it (a step, a popup, the quote's filter): the document types each part as any JSON. */
export interface ServerForm {
  schema: unknown;
  uiSchema: unknown;
  formData: unknown;
}

/** The parts rjsf draws, from a form as the server sends it. */
export interface DrawnForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A form the server sent, as rjsf's types have it; none when its schema is not an object (nothing to draw: the caller
 * says so). A uiSchema or data that is not an object is taken as empty.
 */
export function drawnForm({ schema, uiSchema, formData }: ServerForm): DrawnForm | null {
  if (!isObject(schema)) return null;
  return {
    // rjsf's RJSFSchema and UiSchema are static descriptions of JSON Schema and of its ui options; what the server
    // sends is checked as a schema only by ajv, when the form validates, so the object is taken as one here.
    schema: revealConditionally(schema as RJSFSchema),
    uiSchema: isObject(uiSchema) ? (uiSchema as UiSchema) : {},
    formData: isObject(formData) ? formData : {},
  };
}

