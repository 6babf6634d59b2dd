import { type Query, type Schema, api } from '../../../lib/api';

/**
 * A refusal comes as an ApiError whose code says why; its `extra` may carry the plan to show instead (changePid's
 * `pid`) or the prices still shown beside the message (`plans`).
 */
export function getPlanPricingDetail(query: Query<'/get-plan-pricing-detail'>): Promise<Schema<'PlanPrices'>> {
  return api.get('/get-plan-pricing-detail', { query });
}
