// A small server form (the quote's filter) is drawn by the plain form, without loading the form library; any other
// form, or one that needs what only rjsf's form does (a lookup, a list's check, the browser's problems reported to the
// page), by rjsf, loaded when first drawn.
import { SchemaForm } from './lazy-schema-form';
import { fitsPlainForm, PlainForm } from './plain-form';
import type { SchemaFormProps } from './schema-form';

export function ServerSchemaForm({ reserve, ...props }: SchemaFormProps & { reserve?: string }) {
  const { context, lookup, onError, ...plain } = props;
  if (!context && !lookup && !onError && fitsPlainForm(props.schema, props.uiSchema)) return <PlainForm {...plain} />;
  return <SchemaForm reserve={reserve} {...props} />;
}
