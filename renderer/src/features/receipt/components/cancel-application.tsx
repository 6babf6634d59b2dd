import { useState } from 'react';
import { Modal } from '../../../components/modal';
import type { Schema } from '../../../lib/api';
import { useCancelApplication } from '../api/cancel-application';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';
import { ReasonForm } from './reason-form';

/**
 * The free-look period on the receipt: until its last day the applicant may cancel the application, saying why; once
 * cancelled, the receipt says when, by whom and why.
 */
export function CancelApplication({ enrollmentId, receipt }: { enrollmentId: string; receipt: Schema<'Receipt'> }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelApplication(enrollmentId);
  const t = useT();
  // The rep who enrolled the applicant cancels for them: the words are of the applicant, not to the reader.
  const rep = receipt.reader === 'rep';
  if (receipt.cancellation) {
    const c = receipt.cancellation;
    return (
      <section aria-labelledby="cancelled-heading" className="receipt-cancelled" role="status">
        <h2 id="cancelled-heading">{t(m.cancelledHeading)}</h2>
        <p>
          <Message of={m.cancelledOn} values={{ date: c.cancelled_on, by: c.by, reason: c.reason, strong: (chunks) => <strong>{chunks}</strong> }} />
        </p>
      </section>
    );
  }
  if (!receipt.cancel_until) return null;
  return (
    <section aria-labelledby="cancel-heading" className="receipt-cancel no-print">
      <h2 id="cancel-heading">{rep ? t(m.repChangedMind, { name: receipt.name }) : t(m.changedMind)}</h2>
      <p>
        <Message of={rep ? m.repCancelUntil : m.cancelUntil} values={{ date: receipt.cancel_until, strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t(m.cancelThis)}
      </button>
      <Modal title={rep ? t(m.repCancelTitle, { name: receipt.name }) : t(m.cancelTitle)} open={open} onClose={() => setOpen(false)}>
        <ReasonForm
          effect={t(m.cancelEffect)}
          label={t(rep ? m.repCancelWhy : m.cancelWhy)}
          confirm={t(m.cancelConfirm)}
          keep={t(rep ? m.repKeep : m.keep)}
          error={cancel.error}
          busy={cancel.isPending}
          onSubmit={(reason) => cancel.mutate(reason, { onSuccess: () => setOpen(false) })}
          onKeep={() => setOpen(false)}
        />
      </Modal>
    </section>
  );
}
