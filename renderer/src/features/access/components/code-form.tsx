import { useState, type FormEvent } from 'react';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The shape of a rep access code, shown as its field's example (a code, the same in every language). */
export const EXAMPLE_REP_CODE = 'ABCD1234';

/** A code typed by the person, with its message under it. */
export function CodeForm({
  id,
  label,
  placeholder,
  onSubmit,
  error,
  busy = false,
}: {
  id: string;
  label: string;
  placeholder?: string;
  onSubmit: (code: string) => void;
  error: string | null;
  busy?: boolean;
}) {
  const [code, setCode] = useState('');
  const t = useT();
  return (
    <form
      noValidate
      className="code-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit(code.trim());
      }}
    >
      <div className="form-group">
        <label htmlFor={id} className="control-label">
          {label}
        </label>
        <input
          id={id}
          className="form-control"
          value={code}
          placeholder={placeholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="primary" disabled={busy}>
        {t(m.submit)}
      </button>
    </form>
  );
}
