import { api } from '../../../lib/api';
import type { PlanShop } from '../../../types/api';

export interface GetShopPlanRequest {
  enrollment_id: string;
  plan_id: string;
}

export type GetShopPlanAnswer = PlanShop;

export function getShopPlan({ enrollment_id, plan_id }: GetShopPlanRequest): Promise<GetShopPlanAnswer> {
  return api.get(`/shop/${enrollment_id}/plan/${plan_id}`);
}
