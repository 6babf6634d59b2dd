import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { sendFeedback } from '../api/send-feedback';

/** Feedback: a few words for the site's rep or group, and Send. */
export function FeedbackForm() {
  const id = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
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
      setError(e instanceof ApiError ? e.message : 'Your feedback could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <p role="status" className="success help-thanks" ref={thanks} tabIndex={-1}>
        Thank you for your feedback.
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
      <label htmlFor={id}>Your feedback</label>
      <textarea id={id} rows={5} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p role="alert" className="error" id={`${id}-error`}>
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          Send
        </button>
      </div>
    </form>
  );
}
