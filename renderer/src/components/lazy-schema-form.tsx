// The server-defined form, loaded when a page first draws one: rjsf and ajv are most of the bundle, and the pages
// that show no form (the landing's tiles, plans, the cart) should not wait for them.
import { lazy, Suspense } from 'react';
import type { SchemaFormProps } from './schema-form';

const Loaded = lazy(() => import('./schema-form').then((m) => ({ default: m.SchemaForm })));

export function SchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<p role="status" className="form-loading">Loading the form…</p>}>
      <Loaded {...props} />
    </Suspense>
  );
}
