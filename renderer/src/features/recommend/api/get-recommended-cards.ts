import { benefit, type BenefitAnswer } from '../../../lib/benefit';

/** A recommended plan's card: its logo, name, category, starting price, sealed link, and a notice instead of the link. */
export type RecommendCard = BenefitAnswer<'/recommendation/plan-details'>[number];

/** The cards of `planIds`, in that order, priced for the quote when there is one. */
export function getRecommendedCards(planIds: number[], enrollmentId: string | null): Promise<RecommendCard[]> {
  if (planIds.length === 0) return Promise.resolve([]);
  return benefit.get('/recommendation/plan-details', {
    query: { plan_list: planIds.join(','), enrollment_id: enrollmentId ?? undefined },
  });
}
