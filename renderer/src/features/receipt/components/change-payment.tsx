import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { paymentFormQuery, useChangePayment } from '../api/policy';
import { m } from '../messages';
import { useLater, type Later } from '../hooks/use-later';
import { DialogForm, SavedLine } from './dialog-form';

/**
 * Changing how the policy is paid (a new card, another bank account): Billing Information under the server's schema,
 * filled with what the policy holds now (numbers masked); a card is checked by the gateway as at checkout.
 */
export function ChangePayment({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const form = useQuery(paymentFormQuery(enrollmentId)).data;
  const [open, setOpen] = useState(false);
  const { savedFor, emailedTo, later } = useLater(enrollmentId, 'payment');
  if (!form) return null;
  return (
    <section aria-labelledby="payment-change-heading" className="add-person no-print">
      <h3 id="payment-change-heading">{t(m.paymentHeading)}</h3>
      {form.paid_by && <p>{t(m.paymentNow, { method: form.paid_by })}</p>}
      <SavedLine saved={savedFor()} emailedTo={emailedTo} />
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t(m.paymentButton)}
      </button>
      {open && <PaymentDialog enrollmentId={enrollmentId} onClose={() => setOpen(false)} later={later(() => setOpen(false))} />}
    </section>
  );
}

function PaymentDialog({ enrollmentId, onClose, later }: { enrollmentId: string; onClose: () => void; later: Later }) {
  const t = useT();
  const form = useQuery(paymentFormQuery(enrollmentId)).data;
  const change = useChangePayment(enrollmentId);
  const failure = change.error instanceof ApiError ? change.error : null;
  return (
    <Modal title={t(m.paymentTitle)} open onClose={onClose}>
      {failure && failure.fields.length === 0 && <p role="alert">{failure.message}</p>}
      {form && (
        <DialogForm
          id="change-payment"
          schema={form.schema}
          uiSchema={form.ui_schema}
          formData={form.form_data}
          error={change.error}
          busy={change.isPending}
          confirm={t(m.paymentConfirm)}
          onSubmit={(billing) => change.mutate(billing, { onSuccess: onClose })}
          onClose={onClose}
          later={later}
        />
      )}
    </Modal>
  );
}
