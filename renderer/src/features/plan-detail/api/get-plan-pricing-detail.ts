import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/**
 * A refusal comes as an ApiError whose code says why; its `extra` may carry the plan to show instead (changePid's
 * `pid`) or the prices still shown beside the message (`plans`).
 */
export function getPlanPricingDetail(query: Query<'/get-plan-pricing-detail'>): Promise<Schema<'PlanPrices'>> {
  return api.get('/get-plan-pricing-detail', { query });
}

/** A plan's options priced for the quote (they follow the quote and the popups' answers). */
export function planPricesQuery(enrollmentId: string, planId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-plan-pricing-detail', planId],
    queryFn: () => getPlanPricingDetail({ pid: planId, enrollment_id: enrollmentId }),
  });
}
