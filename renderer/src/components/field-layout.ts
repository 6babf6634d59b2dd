// How a form's fields are laid out, read from the schema and uiSchema alone, shared by the rjsf templates
// (templates.tsx) and the plain form (plain-form.tsx) so that both lay out a form alike.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

/** Widgets that need a whole row: choices laid out side by side, a signature, long text. */
const WIDE_WIDGETS = ['radio', 'checkboxes', 'signature', 'textarea', 'modalField'];

/**
 * Whether a field takes the whole row of a two-column form: lists, groups, choices shown as buttons, check boxes, and
 * questions too long for half a row. Read from the schema and uiSchema alone, so every form is laid out alike.
 */
export function isWideField(schema: RJSFSchema | undefined, ui: UiSchema | undefined): boolean {
  if (!schema) return false;
  const widget = ui?.['ui:widget'];
  if (typeof widget === 'string' && WIDE_WIDGETS.includes(widget)) return true;
  if (ui?.['ui:field'] || (schema as { 'x-widget'?: string })['x-widget'] === 'radio') return true;
  if (schema.type === 'object' || schema.type === 'array' || schema.type === 'boolean') return true;
  return (schema.title ?? '').length > 48;
}
