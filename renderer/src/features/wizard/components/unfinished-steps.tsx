// The steps an application still needs before it can be submitted, as the server says (the review's summary, or a
// refused Submit): each a link that opens the step for editing, why it is unfinished, and the answers to look at.
// Submission is the server's final gate; this only shows it. After a refused Submit the list takes the focus, as the
// error summary of a step does, so a screen reader reads it and a keyboard user starts from it.
import { useEffect, useRef } from 'react';
import type { Schema } from '../../../lib/api';
import { Message, useT, type MessageDescriptor } from '../../../lib/i18n';
import { m } from '../messages';

type Unfinished = Schema<'Unfinished'>;

const reasons: Record<Schema<'UnfinishedReason'>, MessageDescriptor> = {
  not_started: m.notStarted,
  saved_for_later: m.savedForLater,
  needs_attention: m.needsAttention,
};

export function UnfinishedSteps({
  steps,
  onFinish,
  busy,
  attempt,
}: {
  steps: Unfinished[];
  onFinish: (step: Unfinished) => void;
  busy: boolean;
  /** Changes with each refused Submit (0 on arrival): the list takes the focus then. */
  attempt: number;
}) {
  const ref = useRef<HTMLElement>(null);
  const t = useT();
  useEffect(() => {
    if (attempt > 0) {
      ref.current?.focus();
      ref.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [attempt]);
  if (steps.length === 0) return null;
  return (
    <section ref={ref} tabIndex={-1} className="card unfinished-steps" aria-labelledby="unfinished-heading">
      <h2 id="unfinished-heading">{t(m.beforeSubmit)}</h2>
      <p>{t(m.notComplete, { count: steps.length })}</p>
      <ul>
        {steps.map((s) => (
          <li key={s.target_element}>
            <Message
              of={m.unfinishedStep}
              values={{
                name: s.error_message,
                why: t(reasons[s.reason]),
                step: (chunks) => (
                  <a
                    href={`/enrollment/${s.route}`}
                    aria-disabled={busy || undefined}
                    onClick={(event) => {
                      event.preventDefault();
                      if (!busy) onFinish(s);
                    }}
                  >
                    {chunks}
                  </a>
                ),
                reason: (chunks) => <span className="muted">{chunks}</span>,
              }}
            />
            {s.missing.length > 0 && (
              <ul>
                {s.missing.map((missing) => (
                  <li key={`${missing.target_element}-${missing.error_message}`}>{missing.error_message}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The unfinished steps a refused submission names (each item carries its step's route), none for any other refusal. */
export function unfinishedOf(extra: Record<string, unknown> | undefined): Unfinished[] {
  const items = Array.isArray(extra?.data) ? (extra.data as Partial<Unfinished>[]) : [];
  return items.every((i) => typeof i.route === 'string' && Array.isArray(i.missing)) ? (items as Unfinished[]) : [];
}
