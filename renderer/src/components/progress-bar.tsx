export interface ProgressItem {
  step: string;
  title: string;
  status: 'done' | 'current' | 'todo';
}

export function ProgressBar({ steps }: { steps: ProgressItem[] }) {
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
