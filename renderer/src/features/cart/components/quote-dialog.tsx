import { useState } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError } from '../../../lib/api';
import { getQuotePreviewContent } from '../api/get-quote-preview-content';
import { saveEnrollment } from '../api/save-enrollment';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

export interface QuoteDialogProps {
  id: string;
  /** The member the enrollment is for, when one is known: the quote starts addressed to them. */
  member?: { name: string; email: string } | null;
  onClose: (sent: string | null) => void;
}

/** Send Personalized Quote: name, e-mail and message, a preview of the e-mail, then Send. */
export function QuoteDialog({ id, member, onClose }: QuoteDialogProps) {
  const [fields, setFields] = useState({ name: member?.name ?? '', email: member?.email ?? '', message: '' });
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const t = useT();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const showPreview = () => run(async () => setPreview((await getQuotePreviewContent({ enrollment_id: id, ...fields })).content));
  const send = () => run(async () => setDone((await saveEnrollment({ enrollment_id: id, tab: 'cart_info', ...fields })).message));

  if (done) {
    return (
      <Modal title={t(m.quoteSent)} open>
        <p>{done}</p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => onClose(done)}>
            {t(m.ok)}
          </button>
        </div>
      </Modal>
    );
  }
  const field = (name: 'name' | 'email' | 'message', label: string) => {
    const message = errors?.messageFor(name);
    return (
      <div className="form-group">
        <label htmlFor={`quote-${name}`}>{label}</label>
        {name === 'message' ? (
          <textarea id={`quote-${name}`} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />
        ) : (
          <input
            id={`quote-${name}`}
            type={name === 'email' ? 'email' : 'text'}
            value={fields[name]}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `quote-${name}-error` : undefined}
            onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
          />
        )}
        {message && (
          <p id={`quote-${name}-error`} className="error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  };
  const general = errors?.fields.filter((f) => !['name', 'email', 'message'].includes(f.target_element));
  return (
    <Modal title={t(m.sendQuote)} open>
      <p>{t(m.quoteAsk)}</p>
      {general?.map((g) => (
        <p key={g.error_message} role="alert" className="error">
          {g.error_message}
        </p>
      ))}
      {field('name', t(m.quoteName))}
      {field('email', t(m.quoteEmail))}
      {field('message', t(m.quoteMessage))}
      {preview && (
        <section aria-label={t(m.preview)} className="quote-preview">
          {/* Scrollable, so reachable by keyboard. */}
          <pre tabIndex={0}>{preview}</pre>
        </section>
      )}
      <div className="buttons">
        <button type="button" onClick={() => onClose(null)} disabled={busy}>
          {t(common.cancel)}
        </button>
        <button type="button" onClick={showPreview} disabled={busy}>
          {t(m.preview)}
        </button>
        <button type="button" className="primary" onClick={send} disabled={busy}>
          {t(m.send)}
        </button>
      </div>
    </Modal>
  );
}
