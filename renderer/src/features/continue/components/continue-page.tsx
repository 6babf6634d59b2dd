import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { continueEnrollment } from '../api/continue-enrollment';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

/** Resume a saved enrollment with the code from the e-mail and the address it was sent to. */
export function ContinuePage() {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const t = useT();
  const [code, setCode] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<ApiError | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const resumed = await continueEnrollment({ code, email });
      tempId.set(resumed.enrollment_id);
      refresh();
      navigate(resumed.route.startsWith('/') ? resumed.route : `/enrollment/${resumed.route}`);
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught);
      else throw caught;
    }
  };

  const field = (id: string, label: string, value: string, set: (v: string) => void, type = 'text') => {
    const message = error?.messageFor(id);
    return (
      <div className="form-group">
        <label htmlFor={`continue-${id}`} className="control-label">
          {label}
        </label>
        <input
          id={`continue-${id}`}
          type={type}
          className="form-control"
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `continue-${id}-error` : undefined}
          onChange={(e) => set(e.target.value)}
        />
        {message && (
          <p id={`continue-${id}-error`} className="error" role="alert">
            {message}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="banner">
      <h1>{t(m.heading)}</h1>
      <form onSubmit={submit} noValidate>
        {field('code', t(m.code), code, setCode)}
        {field('email', t(m.email), email, setEmail, 'email')}
        <button type="submit" className="primary">
          {t(common.continue)}
        </button>
      </form>
    </section>
  );
}
