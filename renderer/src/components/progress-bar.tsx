import type { Schema } from '../lib/api';

/** Each step of the wizard with its `status`: done, current or todo (the document says so in words, as a string). */
export function ProgressBar({ steps }: { steps: Schema<'ProgressItem'>[] }) {
  return (
    <nav aria-label="Enrollment progress">
      <ol className="progress">
        {steps.map((s, i) => (
          <li key={s.step} className={`progress-${s.status}`} aria-current={s.status === 'current' ? 'step' : undefined}>
            <span className="progress-number">{s.status === 'done' ? '✓' : i + 1}</span> {s.title}
          </li>
        ))}
      </ol>
    </nav>
  );
}
