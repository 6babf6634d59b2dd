import { type Schema, api } from '../../../lib/api';

export function getShopPlan({ enrollment_id, plan_id }: { enrollment_id: string; plan_id: string }): Promise<Schema<'PlanFlow'>> {
  return api.get('/shop/{id}/plan/{plan_id}', { path: { id: enrollment_id, plan_id } });
}
