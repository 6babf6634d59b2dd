import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { StepContext, isBusy } from '../../../lib/step-machine';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { BackAndSubmit } from '../../../components/back-and-submit';

/**
 * Save & Continue Later: the alternate address to send the enrollment code to, saved with what the step holds now
 * (`formData`); then the server's word that the code was sent.
 */
export function SaveLaterDialog({ asking, onBack, formData }: { asking: boolean; onBack: () => void; formData: () => Record<string, unknown> }) {
  const navigate = useNavigate();
  const t = useT();
  const wizard = StepContext.useActorRef();
  const saved = StepContext.useSelector((s) => s.context.saved);
  const emailError = StepContext.useSelector((s) => s.context.errors?.messageFor('email'));
  const busy = StepContext.useSelector(isBusy);
  const [email, setEmail] = useState('');
  return (
    <Modal title={t(m.saveForLater)} open={asking || saved !== null}>
      {saved ? (
        <>
          <div role="status">
            {saved.split('\n').map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <button type="button" className="primary" onClick={() => navigate('/')}>
            {t(m.done)}
          </button>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            wizard.send({ type: 'ANSWER', action: 'save-for-later', formData: formData(), extra: { email } });
          }}
        >
          <label htmlFor="alternate-email">{t(m.alternateEmail)}</label>
          <input
            id="alternate-email"
            type="email"
            className="form-control"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? 'alternate-email-error' : undefined}
            onChange={(e) => setEmail(e.target.value)}
          />
          {emailError && (
            <p id="alternate-email-error" className="error" role="alert">
              {emailError}
            </p>
          )}
          <BackAndSubmit onBack={onBack} submit={t(m.sendCode)} busy={busy} />
        </form>
      )}
    </Modal>
  );
}
