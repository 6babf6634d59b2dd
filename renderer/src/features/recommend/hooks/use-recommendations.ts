import { useQuery } from '@tanstack/react-query';
import { cartKey } from '../../../lib/query';
import { tempId } from '../../../lib/storage';
import { type RecommendCard, getRecommendedCards } from '../api/get-recommended-cards';
import { type RecommendPage, getRecommendedPlanIds } from '../api/get-recommended-plan-ids';

/** The cards to recommend on `page` for the enrollment (if any). */
async function loadRecommendations(page: RecommendPage, enrollmentId: string | null): Promise<RecommendCard[]> {
  const ids = await getRecommendedPlanIds(page, enrollmentId);
  return getRecommendedCards(ids, enrollmentId);
}

/**
 * The recommended cards for `page`, null until known (none when the service answers none, or fails). Kept under the
 * cart's key, so they are read again whenever the cart changes (a plan added leaves the list, and what goes with the
 * cart changes), and like every answer when the site does.
 */
export function useRecommendations(page: RecommendPage): RecommendCard[] | null {
  const enrollmentId = tempId.get();
  const read = useQuery({
    queryKey: enrollmentId ? [...cartKey(enrollmentId), 'recommendations', page] : ['recommendations', page],
    queryFn: () => loadRecommendations(page, enrollmentId),
  });
  return read.isError ? [] : (read.data ?? null);
}

/** Whether there is anything to recommend for the cart (null until known; false when the service fails). */
export function useCartHasRecommendations(enrollmentId: string | null, hasPlans: boolean): boolean | null {
  const read = useQuery({
    queryKey: [...cartKey(enrollmentId ?? ''), 'recommended-ids', 'cart'],
    queryFn: () => getRecommendedPlanIds('cart', enrollmentId),
    enabled: Boolean(enrollmentId) && hasPlans,
  });
  if (!enrollmentId || !hasPlans || read.isError) return false;
  return read.data ? read.data.length > 0 : null;
}
