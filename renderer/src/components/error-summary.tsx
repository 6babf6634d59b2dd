// The summary of a form's problems at its top, after a refused Next: how many there are, each a link to its field.
// Focus moves to the summary when it appears, so a screen reader reads it and a keyboard user starts from it.
import type { RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { useEffect, useId, useRef } from 'react';
import type { FieldError } from '../lib/api';
import { useT } from '../lib/i18n';
import { schemaAt } from './field-messages';
import { english, type Translate } from './messages';
import { m } from './error-summary.messages';

export interface Problem {
  /** The id of the field's element (rjsf's `root_first_name`); none for a problem of the whole form. */
  field?: string;
  message: string;
}

/** rjsf's id of the field at a dotted path (`condition_questions.0.health_condition` or `.first_name`). */
export function fieldId(path: string): string {
  return ['root', ...path.replace(/^\./, '').split('.').filter(Boolean)].join('_');
}

function worded(schema: RJSFSchema, path: string, message: string, t: Translate): string {
  const label = schemaAt(schema, path)?.title;
  return label && !message.toLowerCase().includes(label.toLowerCase()) ? t(m.labelled, { label, message }) : message;
}

function unique(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field ?? ''}|${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The browser's own check of the form, as problems: each field's message, named by its label (in the page's language,
 * `t`; English without it).
 */
export function problemsFromValidation(schema: RJSFSchema, errors: RJSFValidationError[], t: Translate = english): Problem[] {
  return unique(
    errors.map((e) => {
      const path = e.property ?? '';
      return path ? { field: fieldId(path), message: worded(schema, path, e.message ?? '', t) } : { message: e.message ?? '' };
    }),
  );
}

/**
 * The server's refusal as problems. A message for a field the form draws links to it; the others (the whole step, a
 * field not on the page) are listed without a link. Worded in the page's language (`t`; English without it).
 */
export function problemsFromServer(schema: RJSFSchema, fields: FieldError[], drawn: (path: string) => boolean, t: Translate = english): Problem[] {
  const items = new Map<string, { title: string; labels: string[]; messages: Set<string> }>();
  const problems: Problem[] = [];
  for (const f of fields) {
    const item = listItemOf(schema, f.target_element ?? '', t);
    if (item) {
      // A list edited one item at a time (dependents): one line per item, naming it and what it still needs, linked
      // to its row, rather than every field of every item without saying whose.
      const entry = items.get(item.path) ?? { title: item.title, labels: [], messages: new Set<string>() };
      if (!items.has(item.path)) problems.push({ field: fieldId(item.path), message: item.path });
      entry.labels.push(schemaAt(schema, f.target_element ?? '')?.title ?? f.error_message);
      entry.messages.add(f.error_message);
      items.set(item.path, entry);
      continue;
    }
    problems.push(
      f.target_element && drawn(f.target_element)
        ? { field: fieldId(f.target_element), message: worded(schema, f.target_element, f.error_message, t) }
        : { message: f.error_message },
    );
  }
  return unique(
    problems.map((p) => {
      const entry = items.get(p.message);
      if (!entry) return p;
      const [only] = entry.messages;
      const named = entry.labels.length > 3 ? t(m.andMore, { names: entry.labels.slice(0, 3).join(', '), count: entry.labels.length - 3 }) : entry.labels.join(', ');
      const message =
        entry.messages.size === 1 && entry.labels.length > 1
          ? t(m.labelled, { label: named, message: only })
          : entry.labels.length === 1
            ? t(m.labelled, { label: named, message: only })
            : t(m.needAttention, { names: named });
      return { field: p.field, message: t(m.labelled, { label: entry.title, message }) };
    }),
  );
}

/** The list item a dotted path lies in, when the list is edited one item at a time: its path and numbered title. */
function listItemOf(schema: RJSFSchema, path: string, t: Translate): { path: string; title: string } | undefined {
  const [list, index] = path.split('.');
  const prop = (schema.properties as Record<string, RJSFSchema & { 'x-field'?: string; 'x-item-title'?: string }> | undefined)?.[list];
  if (!prop || prop['x-field'] !== 'listEditor' || !/^\d+$/.test(index ?? '')) return undefined;
  const n = String(Number(index) + 1);
  const title = prop['x-item-title']?.replace('{n}', n) ?? t(m.itemTitle, { n });
  return { path: `${list}.${index}`, title };
}

/** Focuses the field with rjsf's id `id`: the control itself, or the first control inside it (a group of choices). */
export function focusField(id: string): boolean {
  const element = document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`);
  if (!element) return false;
  const control = element.matches('input, select, textarea, button, canvas')
    ? element
    : element.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea, button, canvas');
  const target = control ?? element;
  if (!target.hasAttribute('tabindex') && !control) target.setAttribute('tabindex', '-1');
  target.focus();
  target.scrollIntoView?.({ block: 'center' });
  return true;
}

/**
 * "Please correct N problems" and the list of them. `attempt` changes with each refused Next: the summary takes the
 * focus again each time.
 */
export function ErrorSummary({ problems, attempt }: { problems: Problem[]; attempt: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const t = useT();
  useEffect(() => {
    if (problems.length > 0) {
      ref.current?.focus();
      ref.current?.scrollIntoView?.({ block: 'start' });
    }
    // Focus follows a new attempt, not each re-render of the same problems.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);
  if (problems.length === 0) return null;
  const n = problems.length;
  return (
    <div ref={ref} className="error-summary" tabIndex={-1} role="group" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(m.correctProblems, { count: n })}</h2>
      <ul>
        {problems.map((p) => (
          <li key={`${p.field ?? ''}|${p.message}`}>
            {p.field ? (
              <a
                href={`#${p.field}`}
                onClick={(e) => {
                  if (focusField(p.field as string)) e.preventDefault();
                }}
              >
                {p.message}
              </a>
            ) : (
              p.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
