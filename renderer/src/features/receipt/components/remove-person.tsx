import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { removalFormQuery, useRemovePerson, type RemovalForm } from '../api/policy';
import { m } from '../messages';

type RemovingEvent = RemovalForm['events'][number];

/**
 * Taking someone off the coverage for a reported life event that allows it (a former spouse after a divorce, a person
 * who died): the people the event may take off, and the last day they are covered, said before it is done.
 */
export function RemovePerson({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const form = useQuery(removalFormQuery(enrollmentId)).data;
  const [removing, setRemoving] = useState<RemovingEvent | null>(null);
  if (!form || form.events.length === 0) return null;
  const eligible = (event: RemovingEvent) => form.people.filter((p) => event.removes.includes(p.relationship));
  return (
    <section aria-labelledby="remove-person-heading" className="add-person no-print">
      <h3 id="remove-person-heading">{t(m.removeHeading)}</h3>
      <ul className="policy-changes">
        {form.events
          .filter((event) => eligible(event).length > 0)
          .map((event) => (
            <li key={event.life_event_id}>
              <p>{t(m.removeFor, { title: event.title, until: event.window_closes, last: event.last_day })}</p>
              <button type="button" className="button" onClick={() => setRemoving(event)}>
                {t(m.removeButton, { title: event.title })}
              </button>
            </li>
          ))}
      </ul>
      {removing && (
        <RemoveDialog enrollmentId={enrollmentId} event={removing} people={eligible(removing)} onClose={() => setRemoving(null)} />
      )}
    </section>
  );
}

function RemoveDialog({
  enrollmentId,
  event,
  people,
  onClose,
}: {
  enrollmentId: string;
  event: RemovingEvent;
  people: RemovalForm['people'];
  onClose: () => void;
}) {
  const t = useT();
  const remove = useRemovePerson(enrollmentId);
  const [chosen, setChosen] = useState<number | null>(people.length === 1 ? people[0].member_index : null);
  const [legend, errorId] = [useId(), useId()];
  const failure = remove.error instanceof ApiError ? remove.error : null;
  const words = failure?.messageFor('member_index') ?? failure?.messageFor('life_event_id') ?? failure?.message;
  return (
    <Modal title={t(m.removeTitle, { title: event.title })} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen !== null) remove.mutate({ lifeEventId: event.life_event_id, memberIndex: chosen }, { onSuccess: onClose });
        }}
      >
        <fieldset aria-describedby={words ? errorId : undefined}>
          <legend id={legend}>{t(m.removeWho)}</legend>
          {people.map((p) => (
            <label key={p.member_index} className="choice">
              <input type="radio" name="member" checked={chosen === p.member_index} onChange={() => setChosen(p.member_index)} /> {p.name}
            </label>
          ))}
        </fieldset>
        <p>{t(m.removeEffect, { last: event.last_day })}</p>
        {words && (
          <p id={errorId} className="error" role="alert">
            {words}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={remove.isPending || chosen === null}>
            {t(m.removeConfirm, { last: event.last_day })}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t(m.addKeep)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
