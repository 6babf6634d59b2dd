import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { getCurrentStep } from '../api/get-current-step';
import { m } from '../messages';

/** A step opened (by its address) before its turn: says so, and offers the step the person is on. */
export function NotYourTurn({ enrollmentId, message }: { enrollmentId: string; message: string }) {
  const navigate = useNavigate();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  const go = () => {
    setBusy(true);
    getCurrentStep({ enrollment_id: enrollmentId }).then(
      (answer) => navigate('step' in answer ? `/enrollment/${answer.step.wizard?.route ?? answer.step.step}` : 'redirect' in answer ? answer.redirect : '/cart'),
      () => {
        setBusy(false);
        setLost(true);
      },
    );
  };
  return (
    <section className="banner not-your-turn" aria-labelledby="not-your-turn">
      <h1 id="not-your-turn">{message || t(m.earlierStepsFirst)}</h1>
      <p>{t(m.savedWhereYouWere)}</p>
      {lost && (
        <p role="alert" className="error">
          {t(m.currentStepLost)}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="primary" onClick={go} disabled={busy}>
          {t(m.goToCurrentStep)}
        </button>
      </div>
    </section>
  );
}

/** Why the step could not be loaded: a step opened before its turn (409) offers the person's own, any other says why. */
export function StepFailure({ enrollmentId, status, message }: { enrollmentId: string; status: number | null; message: string | null }) {
  if (status === 409) return <NotYourTurn enrollmentId={enrollmentId} message={message ?? ''} />;
  return (
    <p role="alert" className="error">
      {message}
    </p>
  );
}
