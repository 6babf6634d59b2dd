import { useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useSendDocument, type Policy } from '../api/policy';
import { m } from '../messages';

type ReportedEvent = Policy['events'][number];

const BYTES_PER_MB = 1024 * 1024;

/**
 * The proof a reported life event asks for, under the event: what is due and by when, each document sent with what
 * the reviewers said of it, and sending one (a PDF, JPEG or PNG, whose type and size the server checks and whose
 * content it scans before keeping it).
 */
export function EventProof({ enrollmentId, event }: { enrollmentId: string; event: ReportedEvent }) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const proof = event.proof;
  if (proof.status === 'not_needed') return null;
  const documents = proof.kinds.map((k) => k.title).join(', ');
  const due = event.proof_due ?? '';
  const standing = {
    due: t(m.proofDue, { due, documents }),
    in_review: t(m.proofInReview),
    approved: t(m.proofApproved),
    denied: t(m.proofDenied),
    overdue: t(m.proofOverdue, { due }),
  }[proof.status as 'due' | 'in_review' | 'approved' | 'denied' | 'overdue'];
  const word = (status: string) =>
    ({ awaiting_review: t(m.documentAwaiting), approved: t(m.documentApproved), asked_again: t(m.documentAskedAgain), denied: t(m.documentDenied) })[status] ??
    status;
  return (
    <div className="event-proof" data-proof={proof.status}>
      <p>{standing}</p>
      {proof.documents.length > 0 && (
        <ul>
          {proof.documents.map((d) => {
            const values = { title: d.title, file: d.file_name, status: word(d.status), reason: d.reason ?? '' };
            return <li key={d.document_id}>{t(d.reason ? m.proofSentReason : m.proofSent, values)}</li>;
          })}
        </ul>
      )}
      {proof.takes_documents && (
        <button type="button" className="button no-print" onClick={() => setSending(true)}>
          {t(m.sendDocumentFor, { title: event.title })}
        </button>
      )}
      {sending && <SendDialog enrollmentId={enrollmentId} event={event} onClose={() => setSending(false)} />}
    </div>
  );
}

function SendDialog({ enrollmentId, event, onClose }: { enrollmentId: string; event: ReportedEvent; onClose: () => void }) {
  const t = useT();
  const [gone, setGone] = useState<{ sent: number; total: number } | null>(null);
  const send = useSendDocument(enrollmentId, (sent, total) => setGone({ sent, total }));
  const kinds = event.proof.kinds;
  const [kind, setKind] = useState(kinds.length === 1 ? kinds[0].id : '');
  const [file, setFile] = useState<File | null>(null);
  const [kindId, fileId, hintId, errorId] = [useId(), useId(), useId(), useId()];
  const mb = Math.floor(event.proof.most_bytes / BYTES_PER_MB);
  // The server's own limit, said before a phone spends minutes sending a file it would refuse.
  const tooLarge = file !== null && file.size > event.proof.most_bytes;
  const failure = send.error instanceof ApiError ? send.error : null;
  const words = tooLarge
    ? t(m.sendTooLarge, { mb })
    : (failure?.messageFor('file') ?? failure?.messageFor('proof_kind') ?? failure?.messageFor('life_event_id') ?? failure?.message);
  return (
    <Modal title={t(m.sendDocumentFor, { title: event.title })} open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (file && kind && !tooLarge) send.mutate({ lifeEventId: event.life_event_id, proofKind: kind, file }, { onSuccess: onClose });
        }}
      >
        <fieldset className="choices">
          <legend id={kindId}>{t(m.sendWhich)}</legend>
          {kinds.map((k) => (
            <label key={k.id} className="choice">
              <input type="radio" name="proof-kind" checked={kind === k.id} onChange={() => setKind(k.id)} /> {k.title}
            </label>
          ))}
        </fieldset>
        <label htmlFor={fileId} className="field-label">{t(m.sendFile, { mb })}</label>
        <input
          id={fileId}
          type="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          aria-describedby={[hintId, words ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={words ? true : undefined}
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <p id={hintId} className="hint">
          {t(m.sendHint)}
        </p>
        {send.isPending && gone && <Progress sent={gone.sent} total={gone.total} />}
        {words && !send.isPending && (
          <p id={errorId} className="error" role="alert">
            {words}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={send.isPending || !file || !kind || tooLarge}>
            {t(m.sendConfirm)}
          </button>
          <button type="button" className="secondary" onClick={onClose}>
            {t(m.addKeep)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** How much of the file has gone, and then that the server is checking it (its scan takes a moment). */
function Progress({ sent, total }: { sent: number; total: number }) {
  const t = useT();
  const percent = total > 0 ? Math.min(100, Math.floor((sent * 100) / total)) : 0;
  const mb = Math.round((total / BYTES_PER_MB) * 10) / 10;
  const words = sent >= total && total > 0 ? t(m.sendChecking) : t(m.sendProgress, { percent, mb });
  return (
    <div className="send-progress" role="status">
      <progress value={sent} max={total || 1} aria-label={words} />
      <span>{words}</span>
    </div>
  );
}
