import type { Schema } from '../../../lib/api';

/** The enrollment portal to enroll on, with its message ('Please choose a platform') under it. */
export function PortalSelect({
  id,
  portals,
  value,
  onChange,
  error,
  label = 'Enrollment Portal',
}: {
  id: string;
  portals: Schema<'Portal'>[] | null;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label?: string;
}) {
  return (
    <div className="form-group">
      <label htmlFor={id} className="control-label">
        {label}
      </label>
      <select
        id={id}
        className="form-control"
        value={value}
        disabled={portals === null}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{portals === null ? 'Loading portals…' : 'Select a portal'}</option>
        {portals?.map((p) => (
          <option key={p.platform_group_id} value={p.platform_group_id}>
            {p.platform_name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
