import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureWords } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { enrollmentPlatformsQuery } from '../api/get-enrollment-platforms';
import { m } from '../messages';
import type { PortalStart } from './use-start-enrollment';

/**
 * The enrollment portal a person chooses on a home or a group's landing: the portals they may enroll on (read once
 * `wanted`; the only one is chosen for them), 'Please choose a platform' when none is chosen, and starting on the one
 * chosen, with the server's refusal shown under the select or above the form. `loadFailure` says why the portals
 * could not be read.
 */
export function usePortalChoice(wanted: boolean) {
  const t = useT();
  const read = useQuery({ ...enrollmentPlatformsQuery, enabled: wanted });
  const portals = read.isError ? [] : (read.data ?? null);
  const loadFailure = read.isError ? failureWords(read.error, t) : null;
  const [picked, setPortal] = useState('');
  const only = read.data?.length === 1 ? String(read.data[0].platform_group_id) : '';
  const portal = picked || only;
  const [portalError, setPortalError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The portal chosen, or null after saying 'Please choose a platform'. */
  const chosen = (): number | null => {
    if (!portal) {
      setPortalError(t(m.choosePlatform));
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

  return { portals, loadFailure, portal, setPortal, portalError, setPortalError, error, setError, busy, setBusy, chosen, submitWith };
}
