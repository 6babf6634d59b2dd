import { benefit, type BenefitAnswer } from '../../../lib/benefit';

/** Where recommendations are shown: the cart (what goes with its plans) or anywhere else (what people choose). */
export type RecommendPage = 'cart' | 'home';

type Recommendations = BenefitAnswer<'/recommendation/filter'>;

const ids = (answer: Recommendations) => answer.recommendations.map((r) => r.plan_id);

/**
 * The plans to recommend, best first. On the cart: "people who chose these plans also chose" for the quote's cart,
 * or, when no rule holds, what people alike choose. Elsewhere: what people alike choose when a quote exists (its
 * filter says who is alike), else the most chosen plans.
 */
export async function getRecommendedPlanIds(page: RecommendPage, enrollmentId: string | null): Promise<number[]> {
  if (page === 'cart' && enrollmentId) {
    const together = ids(await benefit.get('/recommendation/association', { query: { enrollment_id: enrollmentId } }));
    if (together.length > 0) return together;
  }
  if (enrollmentId) return ids(await benefit.get('/recommendation/filter', { query: { enrollment_id: enrollmentId } }));
  return ids(await benefit.get('/recommendation/popularity'));
}
