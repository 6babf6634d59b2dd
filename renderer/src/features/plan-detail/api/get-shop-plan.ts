import { api } from '../../../lib/api';
import type { PlanShop } from '../../../types/api';

export type GetShopPlanAnswerAsRead = PlanShop;

export function getShopPlan({ enrollment_id, plan_id }: { enrollment_id: string; plan_id: string }): Promise<GetShopPlanAnswerAsRead> {
  return api.get('/shop/{id}/plan/{plan_id}', { path: { id: enrollment_id, plan_id } });
}
