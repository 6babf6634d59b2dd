import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { phone } from '../../../utils/format';
import { sendForSignature, signatureRequestQuery, type RemoteSignature } from '../api/signature-request';
import { m } from '../messages';

/**
 * A rep's Agreement & Signature: sends the application to the applicant to sign on their own device, and says where
 * that stands. When the applicant signs, `onSigned` reads the step again (their signature is then in the form,
 * read-only).
 */
export function RemoteSignaturePanel({ enrollmentId, onSigned }: { enrollmentId: string; onSigned: () => void }) {
  const t = useT();
  const query = signatureRequestQuery(enrollmentId);
  const client = useQueryClient();
  const status = useQuery(query).data ?? null;
  const [channel, setChannel] = useState<'email' | 'text'>('email');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seen = useRef<RemoteSignature['state'] | null>(null);

  useEffect(() => {
    if (!status) return;
    if (seen.current && seen.current !== 'signed' && status.state === 'signed') onSigned();
    seen.current = status.state;
  }, [status, onSigned]);

  if (!status) return null;
  const send = () => {
    setSending(true);
    setError(null);
    sendForSignature(enrollmentId, channel).then(
      (s) => client.setQueryData(query.queryKey, s),
      (e: unknown) => setError(e instanceof ApiError ? e.message : String(e)),
    ).finally(() => setSending(false));
  };
  const canSend = !status.not_yet && (channel === 'email' ? !!status.email : !!status.phone);
  return (
    <section className="card remote-signature" aria-labelledby="remote-signature-heading">
      <h2 id="remote-signature-heading">{t(m.remoteHeading)}</h2>
      {status.state === 'signed' ? (
        <p role="status" className="remote-signature-signed">
          {t(m.remoteSigned, { name: status.signed_name ?? '', at: status.signed_at ?? '' })}
        </p>
      ) : (
        <>
          {status.state === 'waiting' && (
            <p role="status">{t(m.remoteWaiting, { to: status.sent_to ?? '', at: status.sent_at ?? '', until: status.expires_at ?? '' })}</p>
          )}
          {status.state === 'expired' && <p role="status">{t(m.remoteExpired, { at: status.sent_at ?? '' })}</p>}
          {status.state === 'none' && <p>{t(m.remoteIntro)}</p>}
          {status.not_yet && <p className="muted">{status.not_yet}</p>}
          <fieldset className="remote-signature-how">
            <legend>{t(m.remoteHow)}</legend>
            <label>
              <input type="radio" name="remote-channel" checked={channel === 'email'} disabled={!status.email} onChange={() => setChannel('email')} />
              {status.email ? t(m.remoteByEmail, { email: status.email }) : t(m.remoteNoEmail)}
            </label>
            <label>
              <input type="radio" name="remote-channel" checked={channel === 'text'} disabled={!status.phone} onChange={() => setChannel('text')} />
              {status.phone ? t(m.remoteByText, { phone: phone(status.phone) }) : t(m.remoteNoPhone)}
            </label>
          </fieldset>
          {channel === 'text' && !status.texts_delivered && <p className="muted">{t(m.remoteTextsKept)}</p>}
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <button type="button" className="secondary" onClick={send} disabled={sending || !canSend}>
            {sending ? t(m.remoteSending) : status.state === 'none' ? t(m.remoteSend) : t(m.remoteSendAgain)}
          </button>
        </>
      )}
    </section>
  );
}
