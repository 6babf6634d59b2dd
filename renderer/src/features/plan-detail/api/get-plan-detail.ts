import { type Schema, api } from '../../../lib/api';

export function getPlanDetail({ plan_id }: { plan_id: string }): Promise<Schema<'PlanDetail'>> {
  return api.get('/get-plan-detail/{id}', { path: { id: plan_id } });
}
