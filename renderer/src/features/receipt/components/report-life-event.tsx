import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { formatDateInput } from '../../../utils/date-input';
import { lifeEventKindsQuery, useReportEvent } from '../api/policy';
import { m } from '../messages';

/**
 * Reporting a life event on the policy: what happened (the kinds the store lists, each with a sentence saying whether
 * it is theirs) and when; the answer says until when it allows changes, from when they take effect and which proof is
 * due by when. A refusal (outside its window) is the server's, beside the field.
 */
export function ReportLifeEvent({ enrollmentId }: { enrollmentId: string }) {
  const t = useT();
  const kinds = useQuery(lifeEventKindsQuery(enrollmentId)).data ?? [];
  const report = useReportEvent(enrollmentId);
  const [kind, setKind] = useState('');
  const [date, setDate] = useState('');
  const [kindId, dateId, dateError, kindError] = [useId(), useId(), useId(), useId()];
  if (kinds.length === 0) return null;
  const chosen = kinds.find((k) => k.id === kind);
  const failure = report.error instanceof ApiError ? report.error : null;
  const [kindWords, dateWords] = [failure?.messageFor('kind'), failure?.messageFor('event_date')];
  const done = report.data;
  return (
    <section aria-labelledby="life-event-heading" className="life-event no-print">
      <h3 id="life-event-heading">{t(m.eventHeading)}</h3>
      <p>{t(m.eventIntro)}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          report.mutate({ kind, eventDate: date });
        }}
      >
        <label htmlFor={kindId}>{t(m.eventWhat)}</label>
        <select
          id={kindId}
          className="form-control"
          value={kind}
          aria-invalid={kindWords ? true : undefined}
          aria-describedby={kindWords ? kindError : undefined}
          onChange={(e) => setKind(e.target.value)}
        >
          <option value="">{t(m.eventChoose)}</option>
          {kinds.map((k) => (
            <option key={k.id} value={k.id}>
              {k.title}
            </option>
          ))}
        </select>
        {kindWords && (
          <p id={kindError} className="error" role="alert">
            {kindWords}
          </p>
        )}
        {chosen && <p className="hint">{chosen.help}</p>}
        <label htmlFor={dateId}>{chosen?.date_title ?? t(m.eventWhen)}</label>
        <input
          id={dateId}
          className="form-control"
          inputMode="numeric"
          placeholder={t(m.eventDateFormat)}
          maxLength={10}
          value={date}
          aria-invalid={dateWords ? true : undefined}
          aria-describedby={dateWords ? dateError : undefined}
          onChange={(e) => setDate(formatDateInput(e.target.value))}
        />
        {dateWords && (
          <p id={dateError} className="error" role="alert">
            {dateWords}
          </p>
        )}
        {failure && !kindWords && !dateWords && <p role="alert">{failure.message}</p>}
        <div className="buttons">
          <button type="submit" className="primary" disabled={report.isPending}>
            {t(m.eventReport)}
          </button>
        </div>
      </form>
      {done && (
        <div role="status">
          <p>{t(m.eventReported, { title: done.title, until: done.window_closes, from: done.effective })}</p>
          {done.proof_due && chosen && chosen.proof.length > 0 && (
            <p>{t(m.eventProof, { documents: chosen.proof.join(' / '), due: done.proof_due })}</p>
          )}
        </div>
      )}
    </section>
  );
}
