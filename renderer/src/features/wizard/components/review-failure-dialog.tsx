import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { StepContext } from '../../../lib/step-machine';

/** The review step's answer to a save that failed for a reason the person cannot fix (not a 422): save it for later. */
export function ReviewFailureDialog({ onSaveForLater }: { onSaveForLater: () => void }) {
  const onReview = StepContext.useSelector((s) => s.context.step?.step === 'review_info');
  const errors = StepContext.useSelector((s) => s.context.errors);
  // The refusal the person has answered: the dialog opens again only for a new one.
  const [seen, setSeen] = useState<unknown>(null);
  return (
    <Modal title="Review & Confirmation" open={onReview && errors !== null && errors.statusCode !== 422 && seen !== errors}>
      <p role="alert">Something went wrong. Please save your enrollment.</p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setSeen(errors);
            onSaveForLater();
          }}
        >
          Save and Continue Later
        </button>
        <button type="button" onClick={() => setSeen(errors)}>
          Close
        </button>
      </div>
    </Modal>
  );
}
