import { useState } from 'react';
import { ApiError, type Schema } from '../../../lib/api';
import { validateAgent } from '../api/validate-agent';

/** A rep access code checked with the server: the rep it names, or the message to show under the code. */
export function useRepCode() {
  const [rep, setRep] = useState<Schema<'RepAnswer'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (code: string) => {
    setError(null);
    if (!code) return setError('Field is required');
    setBusy(true);
    try {
      setRep(await validateAgent({ agent_code: code }));
    } catch (e) {
      // An unknown code is refused under agent_code (422); anything else is told the same way.
      setError((e instanceof ApiError && e.messageFor('agent_code')) || 'Invalid Rep Access Code');
    } finally {
      setBusy(false);
    }
  };

  return { rep, error, busy, check, reset: () => setRep(null) };
}
