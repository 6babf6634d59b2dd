import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { contactFormQuery, useChangeContact } from '../api/policy';
import { m } from '../messages';
import { useLater, type Later } from '../hooks/use-later';
import { DialogForm, SavedLine } from './dialog-form';

/**
 * Changing the policy's address, phone or e-mail: Contact Information under the server's schema, filled with what the
 * policy holds now (the ZIP code and state it was priced for shown read-only); refusals beside their field.
 */
export function ChangeContact({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { savedFor, emailedTo, later } = useLater(enrollmentId, 'contact');
  return (
    <section aria-labelledby="contact-change-heading" className="add-person no-print">
      <h3 id="contact-change-heading">{t(m.contactHeading)}</h3>
      <p>{t(m.contactIntro)}</p>
      <SavedLine saved={savedFor()} emailedTo={emailedTo} />
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {t(m.contactButton)}
      </button>
      {open && <ContactDialog enrollmentId={enrollmentId} onClose={() => setOpen(false)} later={later(() => setOpen(false))} />}
    </section>
  );
}

function ContactDialog({ enrollmentId, onClose, later }: { enrollmentId: string; onClose: () => void; later: Later }) {
  const t = useT();
  const form = useQuery(contactFormQuery(enrollmentId)).data;
  const change = useChangeContact(enrollmentId);
  const failure = change.error instanceof ApiError ? change.error : null;
  return (
    <Modal title={t(m.contactTitle)} open onClose={onClose}>
      {failure && failure.fields.length === 0 && <p role="alert">{failure.message}</p>}
      {form && (
        <DialogForm
          id="change-contact"
          schema={form.schema}
          uiSchema={form.ui_schema}
          formData={form.form_data}
          error={change.error}
          busy={change.isPending}
          confirm={t(m.contactConfirm)}
          onSubmit={(contact) => change.mutate(contact, { onSuccess: onClose })}
          onClose={onClose}
          later={later}
        />
      )}
    </Modal>
  );
}
