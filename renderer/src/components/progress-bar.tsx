import type { Schema } from '../lib/api';
import { Message, useT } from '../lib/i18n';
import { PHONE_QUERY, useMedia } from '../lib/media';
import { m } from './messages';
import { m as own } from './progress-bar.messages';

/**
 * The wizard's steps: on a wide screen each step with its number (a tick when done), the current one marked; on a
 * phone one line saying which step of how many, and a bar of how far along the person is.
 */
export function ProgressBar({ steps }: { steps: Schema<'ProgressItem'>[] }) {
  const phone = useMedia(PHONE_QUERY);
  const t = useT();
  const index = Math.max(
    steps.findIndex((s) => s.status === 'current'),
    0,
  );
  const current = steps[index];
  if (phone) {
    return (
      <nav aria-label={t(own.progress)} className="stepper-compact">
        <p>
          <Message
            of={own.stepOf}
            values={{
              step: index + 1,
              steps: steps.length,
              title: current?.title,
              count: (chunks) => <span className="stepper-count">{chunks}</span>,
              current: (chunks) => <span aria-current="step">{chunks}</span>,
            }}
          />
        </p>
        <div className="stepper-meter" aria-hidden="true">
          <span style={{ width: `${((index + 1) / Math.max(steps.length, 1)) * 100}%` }} />
        </div>
      </nav>
    );
  }
  return (
    <nav aria-label={t(own.progress)} className="stepper">
      <ol style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((s, i) => (
          <li key={s.step} className={`stepper-${s.status}`} aria-current={s.status === 'current' ? 'step' : undefined}>
            <span className="stepper-marker" aria-hidden="true">
              {s.status === 'done' ? t(m.doneMark) : i + 1}
            </span>
            <span className="stepper-label">
              <Message of={own.stepLabel} values={{ title: s.title, status: s.status, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
