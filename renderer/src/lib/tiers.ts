// The coverage tiers as the server names them (`tiers`): the codes and names are the engine's, never the page's; for
// a quote with a premier plan in its cart the children tier says "Member + 1 Child".
import { useQuery } from '@tanstack/react-query';
import { type Schema, api } from './api';
import { cartKey } from './query';

export type TierOption = Schema<'TierOption'>;

export function getTiers(enrollmentId?: string | null): Promise<TierOption[]> {
  return api.get('/tiers', { query: enrollmentId ? { enrollment_id: enrollmentId } : {} });
}

/**
 * The tiers to choose from (empty while they load, or when they could not be loaded: the choice then waits). With an
 * enrollment, the names follow its cart (a premier plan names the children tier 'Member + 1 Child').
 */
export function useTiers(enrollmentId?: string | null): TierOption[] {
  const read = useQuery({
    queryKey: enrollmentId ? [...cartKey(enrollmentId), 'tiers'] : ['tiers'],
    queryFn: () => getTiers(enrollmentId),
    staleTime: enrollmentId ? undefined : Infinity,
  });
  return read.data ?? [];
}
