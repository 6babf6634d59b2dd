import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, type Schema } from '../../../lib/api';
import { getEnrollmentPlatforms } from '../api/get-enrollment-platforms';
import type { PortalStart } from './use-start-enrollment';

/**
 * The enrollment portal a person chooses on a home or a group's landing: the portals they may enroll on (loaded
 * once; the only one is chosen for them), 'Please choose a platform' when none is chosen, and starting on the one
 * chosen, with the server's refusal shown under the select or above the form.
 */
export function usePortalChoice() {
  const [portals, setPortals] = useState<Schema<'Portal'>[] | null>(null);
  const [portal, setPortal] = useState('');
  const [portalError, setPortalError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Loads the portals; `failure` is said when they cannot be (by `say`, or above the form). */
  const load = useCallback((failure: string, say?: (message: string) => void) => {
    getEnrollmentPlatforms().then(
      (list) => {
        setPortals(list);
        if (list.length === 1) setPortal(String(list[0].platform_group_id));
      },
      (e: unknown) => {
        setPortals([]);
        (say ?? setError)(e instanceof ApiError ? e.message : failure);
      },
    );
  }, []);

  /** The portal chosen, or null after saying 'Please choose a platform'. */
  const chosen = (): number | null => {
    if (!portal) {
      setPortalError('Please choose a platform');
      return null;
    }
    setPortalError(null);
    setError(null);
    return Number(portal);
  };

  /** A form's submit that starts on the portal chosen, for `groupId`'s employees (null: no group). */
  const submitWith = (start: (choice: PortalStart) => Promise<void>, groupId: number | null) => async (e: FormEvent) => {
    e.preventDefault();
    const platformGroupId = chosen();
    if (platformGroupId === null) return;
    setBusy(true);
    try {
      await start({ platformGroupId, groupId });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const forPortal = err.messageFor('platform_group_id');
      if (forPortal) setPortalError(forPortal);
      else setError(err.message);
      setBusy(false);
    }
  };

  return { portals, portal, setPortal, portalError, setPortalError, error, setError, busy, setBusy, load, chosen, submitWith };
}
