import { useState } from 'react';
import { ApiError, type Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { validateAgent } from '../api/validate-agent';
import { m } from '../messages';

/** A rep access code checked with the server: the rep it names, or the message to show under the code. */
export function useRepCode() {
  const [rep, setRep] = useState<Schema<'RepAnswer'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  const check = async (code: string) => {
    setError(null);
    if (!code) return setError(t(m.fieldRequired));
    setBusy(true);
    try {
      setRep(await validateAgent({ agent_code: code }));
    } catch (e) {
      // An unknown code is refused under agent_code (422); anything else is told the same way.
      setError((e instanceof ApiError && e.messageFor('agent_code')) || t(m.invalidRepCode));
    } finally {
      setBusy(false);
    }
  };

  return { rep, error, busy, check, reset: () => setRep(null) };
}
