import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { ApiError, type Schema } from '../../../lib/api';
import { useTiers } from '../../../lib/tiers';


/**
 * Enroll Now's 'Choose a tier': the tier the member's new quote covers ('Please choose a tier' without one). `enroll`
 * starts the quote; a refusal it throws is shown here, except 403, which the page shows.
 */
export function TierDialog({
  member,
  onClose,
  enroll,
}: {
  member: Schema<'MemberRow'> | null;
  onClose: () => void;
  enroll: (member: Schema<'MemberRow'>, tier: string) => Promise<void>;
}) {
  const [tier, setTier] = useState('');
  const tiers = useTiers();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setTier('');
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!member) return;
    if (!tier) return setError('Please choose a tier');
    setError(null);
    setBusy(true);
    try {
      await enroll(member, tier);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.messageFor('tier') ?? err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Choose a tier" open={member !== null} onClose={onClose}>
      {member && (
        <form noValidate onSubmit={(e) => void submit(e)}>
          <p>
            Who should <strong>{member.name}</strong>’s new coverage include?
          </p>
          <div className="form-group">
            <label htmlFor="member-tier" className="control-label">
              Tier
            </label>
            <select
              id="member-tier"
              className="form-control"
              value={tier}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'member-tier-error' : undefined}
              onChange={(e) => setTier(e.target.value)}
            >
              <option value="">Select a tier</option>
              {tiers.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
            </select>
            {error && (
              <p id="member-tier-error" className="error">
                {error}
              </p>
            )}
          </div>
          <div className="buttons">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Submit
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
