import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../../../lib/api';

/**
 * A form that asks why, inside a dialog that ends something (the application, a plan): what it does, the reason (the
 * server's refusal beside it), and the danger button that does it beside the one that keeps things as they are.
 */
export function ReasonForm({
  effect,
  label,
  confirm,
  keep,
  error,
  busy,
  onSubmit,
  onKeep,
}: {
  effect: ReactNode;
  label: string;
  confirm: string;
  keep: string;
  error: unknown;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onKeep: () => void;
}) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const errorId = useId();
  const failure = error instanceof ApiError ? error : null;
  const reasonError = failure?.messageFor('reason');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(reason);
      }}
    >
      <p>{effect}</p>
      <label htmlFor={reasonId}>{label}</label>
      <textarea
        id={reasonId}
        value={reason}
        maxLength={500}
        rows={3}
        className="form-control"
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? errorId : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      {reasonError && (
        <p id={errorId} className="error" role="alert">
          {reasonError}
        </p>
      )}
      {failure && !reasonError && <p role="alert">{failure.message}</p>}
      <div className="buttons">
        <button type="submit" className="danger" disabled={busy}>
          {confirm}
        </button>
        <button type="button" className="button" onClick={onKeep}>
          {keep}
        </button>
      </div>
    </form>
  );
}
