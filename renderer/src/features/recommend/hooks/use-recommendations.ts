import { useEffect, useState } from 'react';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { type RecommendCard, getRecommendedCards } from '../api/get-recommended-cards';
import { type RecommendPage, getRecommendedPlanIds } from '../api/get-recommended-plan-ids';

/** The cards to recommend on `page`, null until known (none when the service answers none, or fails). */
export async function loadRecommendations(page: RecommendPage): Promise<RecommendCard[]> {
  const enrollmentId = tempId.get();
  const ids = await getRecommendedPlanIds(page, enrollmentId);
  return getRecommendedCards(ids, enrollmentId);
}

/**
 * The recommended cards for `page`, read again whenever the cart changes (a plan added leaves the list, and what goes
 * with the cart changes) or the site does.
 */
export function useRecommendations(page: RecommendPage): RecommendCard[] | null {
  const { count } = useCartCount();
  const { site } = useSite();
  const [cards, setCards] = useState<RecommendCard[] | null>(null);
  useEffect(() => {
    let current = true;
    loadRecommendations(page).then(
      (answer) => current && setCards(answer),
      () => current && setCards([]),
    );
    return () => {
      current = false;
    };
  }, [page, count, site]);
  return cards;
}
