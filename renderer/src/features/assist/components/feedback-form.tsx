import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { sendFeedback } from '../api/send-feedback';
import { m } from '../messages';

/** Feedback: a few words for the site's rep or group, and Send. */
export function FeedbackForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const t = useT();
  // The form gives way to the thanks, which takes the focus Send had.
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendFeedback(message);
      setSent(true);
      setMessage('');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t(m.feedbackNotSent));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <p role="status" className="success help-thanks" ref={thanks} tabIndex={-1}>
        {t(m.feedbackThanks)}
      </p>
    );
  }
  return (
    <form
      className="help-feedback"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={id}>{t(m.yourFeedback)}</label>
      <textarea id={id} rows={5} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p role="alert" className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {t(m.send)}
        </button>
      </div>
    </form>
  );
}
