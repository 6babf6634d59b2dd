// A plan's texts and card facts, the catalogue's and the same for every quote: read by the plan's page and the cart's
// plan details.
import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from './api';

export function getPlanDetail({ plan_id }: { plan_id: string }): Promise<Schema<'PlanDetail'>> {
  return api.get('/get-plan-detail/{id}', { path: { id: plan_id } });
}

/** A plan's texts and highlights (the catalogue's: the same for every quote). */
export function planDetailQuery(planId: string) {
  return queryOptions({ queryKey: ['get-plan-detail', planId], queryFn: () => getPlanDetail({ plan_id: planId }) });
}
