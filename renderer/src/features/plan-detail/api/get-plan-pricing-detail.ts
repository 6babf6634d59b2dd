import { api } from '../../../lib/api';

export interface GetPlanPricingDetailRequest {
  pid: string;
  enrollment_id: string;
}

export interface PriceLine {
  plan_id: number;
  plan_pricing_id: number;
  option_name: string;
  plan_price: number | null;
}

export interface GetPlanPricingDetailAnswer {
  plans: PriceLine[];
  notices: string[];
}

/**
 * A refusal comes as an ApiError whose code says why; its `extra` may carry the plan to show instead (changePid's
 * `pid`) or the prices still shown beside the message (`plans`).
 */
export function getPlanPricingDetail({ pid, enrollment_id }: GetPlanPricingDetailRequest): Promise<GetPlanPricingDetailAnswer> {
  return api.get(`/get-plan-pricing-detail?pid=${pid}&enrollment_id=${enrollment_id}`);
}
