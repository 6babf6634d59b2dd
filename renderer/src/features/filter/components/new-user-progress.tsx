import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import type { FormPart, Step } from '../utils/new-user-steps';

/** The banner's steps, named by the server's parts: the one shown is current, those before it done. */
export function NewUserProgress({ parts, step }: { parts: FormPart[]; step: Step }) {
  const t = useT();
  return (
    <ol className="steps" aria-label={t(m.steps)}>
      {parts.map((part, i) => ({ step: (i + 1) as Step, label: part.title })).map((s) => (
        <li key={s.step} className={s.step === step ? 'step-current' : s.step < step ? 'step-done' : undefined} aria-current={s.step === step ? 'step' : undefined}>
          <span className="step-number" aria-hidden="true">
            {s.step}
          </span>
          <span className="step-label">{s.label}</span>
        </li>
      ))}
    </ol>
  );
}
