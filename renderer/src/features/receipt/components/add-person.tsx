import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { personFormQuery, useAddPerson, type PersonForm } from '../api/policy';
import { m } from '../messages';
import { useLater, type Later } from '../hooks/use-later';
import { DialogForm, SavedLine } from './dialog-form';

type AddingEvent = PersonForm['events'][number];

/**
 * Adding a person the reported life events allow (a newborn, an adopted child, a new spouse): each event open today,
 * with until when and from when, and the person asked under the server's own schema of a dependent. A refusal is the
 * server's, beside the field it is about; what was typed stays.
 */
export function AddPerson({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const form = useQuery(personFormQuery(enrollmentId)).data;
  const [adding, setAdding] = useState<AddingEvent | null>(null);
  const { savedFor, emailedTo, later } = useLater(enrollmentId, 'add-person');
  if (!form || form.events.length === 0) return null;
  return (
    <section aria-labelledby="add-person-heading" className="add-person no-print">
      <h3 id="add-person-heading">{t(m.addHeading)}</h3>
      <ul className="policy-changes">
        {form.events.map((event) => (
          <li key={event.life_event_id}>
            <p>{t(m.addFor, { title: event.title, until: event.window_closes, from: event.effective })}</p>
            <SavedLine saved={savedFor({ lifeEventId: event.life_event_id })} emailedTo={emailedTo} />
            <button type="button" className="button" onClick={() => setAdding(event)}>
              {t(m.addButton, { title: event.title })}
            </button>
          </li>
        ))}
      </ul>
      {adding && (
        <AddPersonDialog
          enrollmentId={enrollmentId}
          form={form}
          event={adding}
          onClose={() => setAdding(null)}
          later={later(() => setAdding(null), { lifeEventId: adding.life_event_id })}
        />
      )}
    </section>
  );
}

function AddPersonDialog({
  enrollmentId,
  form,
  event,
  onClose,
  later,
}: {
  enrollmentId: string;
  form: PersonForm;
  event: AddingEvent;
  onClose: () => void;
  later: Later;
}) {
  const t = useT();
  const add = useAddPerson(enrollmentId);
  const failure = add.error instanceof ApiError ? add.error : null;
  const eventWords = failure?.messageFor('life_event_id');
  return (
    <Modal title={t(m.addTitle, { title: event.title })} open onClose={onClose}>
      <p>{t(event.waits_for_proof ? m.addEffectProof : m.addEffect, { from: event.effective })}</p>
      {eventWords && (
        <p className="error" role="alert">
          {eventWords}
        </p>
      )}
      <DialogForm
        id={`add-person-${event.life_event_id}`}
        schema={form.schema}
        uiSchema={form.ui_schema}
        formData={{}}
        error={add.error}
        busy={add.isPending}
        confirm={t(m.addConfirm)}
        onSubmit={(person) => add.mutate({ lifeEventId: event.life_event_id, person }, { onSuccess: onClose })}
        onClose={onClose}
        later={later}
      />
    </Modal>
  );
}
