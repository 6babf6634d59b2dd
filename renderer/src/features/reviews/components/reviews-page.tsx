// The store's reviewers (`/reviews`), signed in by a single-use link: the documents members sent as proof of a life
// event, oldest first, each opened in a tab of its own and approved, asked again or denied with a reason the member
// reads. Who may decide, and what each decision does, are the server's (domain::after_sale::proof).
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { fileUrl, queueQuery, reviewerQuery, useDecide, useSignOut, type Queued } from '../api/reviews';
import { m } from '../messages';

export function ReviewsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const me = useQuery(reviewerQuery);
  const queue = useQuery({ ...queueQuery, enabled: me.isSuccess });
  const leave = useSignOut();
  if (me.isPending) return <Pending />;
  if (me.isError) {
    const notSignedIn = me.error instanceof ApiError && me.error.statusCode === 401;
    if (!notSignedIn) return <Failed query={me} />;
    return (
      <main className="reviews narrow">
        <h1>{t(m.title)}</h1>
        {params.get('sign-in') === 'link-failed' && (
          <p role="alert" className="form-error">
            {t(m.linkFailed)}
          </p>
        )}
        {leave.isSuccess ? <p role="status">{t(m.signedOut)}</p> : <p>{me.error.message}</p>}
      </main>
    );
  }
  return (
    <>
      <header className="console-frame">
        <p className="console-who">
          {t(m.signedInAs, { name: me.data.name })}
          <button type="button" className="text-button" disabled={leave.isPending} onClick={() => leave.mutate()}>
            {t(m.signOut)}
          </button>
        </p>
      </header>
      <main className="reviews">
        <h1>{t(m.title)}</h1>
        {queue.isError ? (
          <Failed query={queue} />
        ) : !queue.data ? (
          <Pending />
        ) : queue.data.length === 0 ? (
          <p role="status">{t(m.empty)}</p>
        ) : (
          <>
            <p>{t(m.count, { count: queue.data.length })}</p>
            <ol className="review-queue">
              {queue.data.map((q) => (
                <li key={q.document_id} className="card">
                  <Review queued={q} />
                </li>
              ))}
            </ol>
          </>
        )}
      </main>
    </>
  );
}

function Review({ queued: q }: { queued: Queued }) {
  const t = useT();
  const decide = useDecide();
  const [decision, setDecision] = useState('');
  const [reason, setReason] = useState('');
  const [headingId, reasonId, errorId] = [useId(), useId(), useId()];
  const failure = decide.error instanceof ApiError ? decide.error : null;
  const words = failure?.messageFor('reason') ?? failure?.messageFor('decision') ?? failure?.message;
  const type = q.media_type.split('/')[1]?.toUpperCase() ?? q.media_type;
  return (
    <article aria-labelledby={headingId}>
      <h2 id={headingId}>{t(m.item, { document: q.document, policy: q.policy_id })}</h2>
      <p>{t(m.applicant, { name: q.applicant })}</p>
      <p>{t(m.event, { event: q.event, date: q.event_date })}</p>
      {q.waiting.length > 0 && <p>{t(m.waiting, { people: q.waiting.join(', ') })}</p>}
      <p>{t(m.sent, { when: new Date(q.sent_at).toLocaleString(), due: q.due })}</p>
      {q.history.length > 0 && <p>{t(m.history, { history: q.history.join('; ') })}</p>}
      <p>
        <a href={fileUrl(q.document_id)} target="_blank" rel="noreferrer noopener">
          {t(m.open, { type, kb: Math.ceil(q.size_bytes / 1024) })}
        </a>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (decision) decide.mutate({ documentId: q.document_id, decision, reason });
        }}
      >
        <fieldset className="choices">
          <legend>{t(m.decision)}</legend>
          {(
            [
              ['approve', m.approve],
              ['ask_again', m.askAgain],
              ['deny', m.deny],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input type="radio" name={`decision-${q.document_id}`} checked={decision === value} onChange={() => setDecision(value)} /> {t(label)}
            </label>
          ))}
        </fieldset>
        {decision !== '' && decision !== 'approve' && (
          <>
            <label htmlFor={reasonId} className="field-label">{t(m.reason)}</label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={500}
              rows={3}
              aria-describedby={words ? errorId : undefined}
              onChange={(e) => setReason(e.currentTarget.value)}
            />
          </>
        )}
        {words && (
          <p id={errorId} className="error" role="alert">
            {words}
          </p>
        )}
        <button type="submit" className="primary" disabled={decide.isPending || !decision}>
          {t(m.confirm)}
        </button>
      </form>
    </article>
  );
}
