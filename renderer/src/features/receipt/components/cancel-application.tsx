import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError, type Schema } from '../../../lib/api';
import { useCancelApplication } from '../api/cancel-application';

/**
 * The free-look period on the receipt: until its last day the applicant may cancel the application, saying why; once
 * cancelled, the receipt says when, by whom and why.
 */
export function CancelApplication({ enrollmentId, receipt }: { enrollmentId: string; receipt: Schema<'Receipt'> }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = useCancelApplication(enrollmentId);
  const reasonId = useId();
  const errorId = useId();
  if (receipt.cancellation) {
    const c = receipt.cancellation;
    return (
      <section aria-labelledby="cancelled-heading" className="receipt-cancelled" role="status">
        <h2 id="cancelled-heading">This application was cancelled</h2>
        <p>
          Cancelled on <strong>{c.cancelled_on}</strong> by {c.by}: {c.reason}
        </p>
      </section>
    );
  }
  if (!receipt.cancel_until) return null;
  const failure = cancel.error instanceof ApiError ? cancel.error : null;
  const reasonError = failure?.messageFor('reason');
  return (
    <section aria-labelledby="cancel-heading" className="receipt-cancel no-print">
      <h2 id="cancel-heading">Changed your mind?</h2>
      <p>
        You can cancel this application until <strong>{receipt.cancel_until}</strong> (its free-look period).
      </p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Cancel this application
      </button>
      <Modal title="Cancel your application?" open={open} onClose={() => setOpen(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate(reason, { onSuccess: () => setOpen(false) });
          }}
        >
          <p>Coverage under every plan of this application ends, and each carrier is told.</p>
          <label htmlFor={reasonId}>Why are you cancelling?</label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={500}
            rows={3}
            className="form-control"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? errorId : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonError && (
            <p id={errorId} className="error" role="alert">
              {reasonError}
            </p>
          )}
          {failure && !reasonError && <p role="alert">{failure.message}</p>}
          <div className="buttons">
            <button type="submit" className="danger" disabled={cancel.isPending}>
              Cancel the application
            </button>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Keep my application
            </button>
          </div>
        </form>
      </Modal>
    </section>
  );
}
