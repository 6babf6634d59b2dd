import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The enrollment portal to enroll on, with its message ('Please choose a platform') under it. */
export function PortalSelect({
  id,
  portals,
  value,
  onChange,
  error,
  label,
}: {
  id: string;
  portals: Schema<'Portal'>[] | null;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  label?: string;
}) {
  const t = useT();
  return (
    <div className="form-group">
      <label htmlFor={id} className="control-label">
        {label ?? t(m.enrollmentPortal)}
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
        <option value="">{portals === null ? t(m.loadingPortals) : t(m.selectPortal)}</option>
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
