// The server-defined form, loaded when a page first draws one: rjsf and ajv are most of the bundle, and the pages
// that show no form (the landing's tiles, plans, the cart) should not wait for them.
import { lazy, Suspense } from 'react';
import type { SchemaFormProps } from './schema-form';

const load = () => import('./schema-form');
const Loaded = lazy(() => load().then((m) => ({ default: m.SchemaForm })));

/**
 * Starts loading the form's script without drawing it: a page that will draw a form once its schema arrives asks for
 * both at once rather than one after the other.
 */
export function preloadSchemaForm() {
  void load().catch(() => undefined);
}

/**
 * `reserve` is a class for the placeholder drawn while the script loads, giving it the room the loaded form takes, so
 * that what is below the form does not move when it arrives.
 */
export function SchemaForm({ reserve, ...props }: SchemaFormProps & { reserve?: string }) {
  return (
    <Suspense
      fallback={
        <p role="status" className={reserve ? `form-loading ${reserve}` : 'form-loading'}>
          Loading the form…
        </p>
      }
    >
      <Loaded {...props} />
    </Suspense>
  );
}
