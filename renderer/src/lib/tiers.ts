// The coverage tiers as the server names them (`tiers`): the codes and names are the engine's, never the page's; for
// a quote with a premier plan in its cart the children tier says "Member + 1 Child".
import { useEffect, useState } from 'react';
import { type Schema, api } from './api';

export type TierOption = Schema<'TierOption'>;

export function getTiers(enrollmentId?: string | null): Promise<TierOption[]> {
  return api.get('/tiers', { query: enrollmentId ? { enrollment_id: enrollmentId } : {} });
}

/** The tiers to choose from (empty while they load, or when they could not be loaded: the choice then waits). */
export function useTiers(enrollmentId?: string | null): TierOption[] {
  const [tiers, setTiers] = useState<TierOption[]>([]);
  useEffect(() => {
    let current = true;
    getTiers(enrollmentId).then(
      (answer) => current && setTiers(answer),
      () => current && setTiers([]),
    );
    return () => {
      current = false;
    };
  }, [enrollmentId]);
  return tiers;
}
