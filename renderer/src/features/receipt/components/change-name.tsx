import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { nameFormQuery, useChangeName, type NameForm } from '../api/policy';
import { m } from '../messages';
import { useLater, type Later } from '../hooks/use-later';
import { DialogForm, SavedLine } from './dialog-form';

type Named = NameForm['people'][number];

const fullName = (person: Named) =>
  ['first_name', 'middle_name', 'last_name']
    .map((field) => (person.form_data as Record<string, unknown>)[field])
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');

/**
 * Changing the name of the applicant or of someone covered (after a marriage or a divorce, or to correct it): each
 * person by the name the policy holds now, and their name fields under the application's own schema, so that a name
 * is refused here as the application refuses it.
 */
export function ChangeName({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const form = useQuery(nameFormQuery(enrollmentId)).data;
  const [changing, setChanging] = useState<Named | null>(null);
  const { savedFor, emailedTo, later } = useLater(enrollmentId, 'name');
  if (!form || form.people.length === 0) return null;
  return (
    <section aria-labelledby="name-change-heading" className="add-person no-print">
      <h3 id="name-change-heading">{t(m.nameHeading)}</h3>
      <p>{t(m.nameIntro)}</p>
      <ul className="policy-changes">
        {form.people.map((person) => (
          <li key={person.member_index}>
            <button type="button" className="button" onClick={() => setChanging(person)}>
              {t(m.nameButton, { name: fullName(person) })}
            </button>
            <SavedLine saved={savedFor({ memberIndex: person.member_index })} emailedTo={emailedTo} />
          </li>
        ))}
      </ul>
      {changing && (
        <NameDialog
          enrollmentId={enrollmentId}
          form={form}
          person={changing}
          onClose={() => setChanging(null)}
          later={later(() => setChanging(null), { memberIndex: changing.member_index })}
        />
      )}
    </section>
  );
}

function NameDialog({
  enrollmentId,
  form,
  person,
  onClose,
  later,
}: {
  enrollmentId: string;
  form: NameForm;
  person: Named;
  onClose: () => void;
  later: Later;
}) {
  const t = useT();
  const change = useChangeName(enrollmentId);
  const failure = change.error instanceof ApiError ? change.error : null;
  // A refusal of the person rather than of a field (someone no longer covered) is said above the form.
  const general = failure && (failure.messageFor('member_index') ?? (failure.fields.length === 0 ? failure.message : undefined));
  return (
    <Modal title={t(m.nameTitle, { name: fullName(person) })} open onClose={onClose}>
      {general && <p role="alert">{general}</p>}
      <DialogForm
        id="change-name"
        schema={form.schema}
        uiSchema={form.ui_schema}
        formData={person.form_data}
        error={change.error}
        busy={change.isPending}
        confirm={t(m.nameConfirm)}
        onSubmit={(name) => change.mutate({ memberIndex: person.member_index, name }, { onSuccess: onClose })}
        onClose={onClose}
        later={later}
      />
    </Modal>
  );
}
