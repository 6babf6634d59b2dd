import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { StepContext, isBusy } from '../../../lib/step-machine';

/**
 * Save & Continue Later: the alternate address to send the enrollment code to, saved with what the step holds now
 * (`formData`); then the server's word that the code was sent.
 */
export function SaveLaterDialog({ asking, onBack, formData }: { asking: boolean; onBack: () => void; formData: () => Record<string, unknown> }) {
  const navigate = useNavigate();
  const wizard = StepContext.useActorRef();
  const saved = StepContext.useSelector((s) => s.context.saved);
  const emailError = StepContext.useSelector((s) => s.context.errors?.messageFor('email'));
  const busy = StepContext.useSelector(isBusy);
  const [email, setEmail] = useState('');
  return (
    <Modal title="Save & Continue Later" open={asking || saved !== null}>
      {saved ? (
        <>
          <p role="status">{saved}</p>
          <button type="button" className="primary" onClick={() => navigate('/')}>
            Done
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
          <label htmlFor="alternate-email">Please enter the alternate email you want to send Enrollment code to?</label>
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
          <div className="buttons">
            <button type="button" onClick={onBack}>
              Back
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Send Code
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
