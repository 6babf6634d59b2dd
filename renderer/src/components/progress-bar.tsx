import type { Schema } from '../lib/api';
import { PHONE_QUERY, useMedia } from '../lib/media';

const STATUS_WORDS: Record<string, string> = { done: 'completed', current: 'current step', todo: 'not started' };

/**
 * The wizard's steps: on a wide screen each step with its number (a tick when done), the current one marked; on a
 * phone one line saying which step of how many, and a bar of how far along the person is.
 */
export function ProgressBar({ steps }: { steps: Schema<'ProgressItem'>[] }) {
  const phone = useMedia(PHONE_QUERY);
  const index = Math.max(
    steps.findIndex((s) => s.status === 'current'),
    0,
  );
  const current = steps[index];
  if (phone) {
    return (
      <nav aria-label="Enrollment progress" className="stepper-compact">
        <p>
          <span className="stepper-count">
            Step {index + 1} of {steps.length}:
          </span>{' '}
          <span aria-current="step">{current?.title}</span>
        </p>
        <div className="stepper-meter" aria-hidden="true">
          <span style={{ width: `${((index + 1) / Math.max(steps.length, 1)) * 100}%` }} />
        </div>
      </nav>
    );
  }
  return (
    <nav aria-label="Enrollment progress" className="stepper">
      <ol style={{ gridTemplateColumns: `repeat(${steps.length}, minmax(0, 1fr))` }}>
        {steps.map((s, i) => (
          <li key={s.step} className={`stepper-${s.status}`} aria-current={s.status === 'current' ? 'step' : undefined}>
            <span className="stepper-marker" aria-hidden="true">
              {s.status === 'done' ? '✓' : i + 1}
            </span>
            <span className="stepper-label">
              {s.title}
              <span className="visually-hidden"> ({STATUS_WORDS[s.status] ?? s.status})</span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
