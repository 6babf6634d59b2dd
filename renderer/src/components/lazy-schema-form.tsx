// The server-defined form, loaded when a page first draws one: rjsf and ajv are most of the bundle, and the pages
// that show no form (the landing's tiles, plans, the cart) should not wait for them.
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useT } from '../lib/i18n';
import { m } from './messages';
import type { SchemaFormProps } from './schema-form';

let loaded: typeof import('./schema-form') | null = null;
const load = () => import('./schema-form').then((mod) => (loaded = mod));
const Loaded = lazy(() => load().then((mod) => ({ default: mod.SchemaForm })));

/**
 * Starts loading the form's script without drawing it: a page that will draw a form once its schema arrives asks for
 * both at once rather than one after the other.
 */
export function preloadSchemaForm() {
  void load().catch(() => undefined);
}

/**
 * `reserve` is a class for the placeholder drawn while the script loads, giving it the room the loaded form takes, so
 * that what is below the form does not move when it arrives. `afterPaint` asks for the script only once the page
 * around the form has been drawn (drawing the form would otherwise ask for it at once).
 */
export function SchemaForm({ reserve, afterPaint, ...props }: SchemaFormProps & { reserve?: string; afterPaint?: boolean }) {
  // A form whose script is already here (preloaded, or drawn before) is drawn at once, without a placeholder and
  // without waiting for React to reveal a suspended part of the page. Chosen once per form, so that a form is never
  // drawn afresh (losing what was typed) when the script arrives.
  const [Ready, setReady] = useState(() => loaded?.SchemaForm ?? null);
  const t = useT();
  const waiting = !Ready && Boolean(afterPaint);
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    // The frame after the one that draws the page, then the script.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        // Drawn as a transition: a long form (rjsf draws every field at once) is then drawn in slices between which
        // the browser answers the person, rather than in one task that holds the page for as long as it takes.
        load().then(
          (mod) => current && startTransition(() => setReady(() => mod.SchemaForm)),
          () => undefined,
        );
      });
    });
    return () => {
      current = false;
      cancelAnimationFrame(frame);
    };
  }, [waiting]);
  if (Ready) return <Ready {...props} />;
  const placeholder = (
    <p role="status" className={reserve ? `form-loading ${reserve}` : 'form-loading'}>
      {t(m.loadingForm)}
    </p>
  );
  if (waiting) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Loaded {...props} />
    </Suspense>
  );
}
