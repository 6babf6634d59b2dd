import { type Query, api } from '../../../lib/api';

export interface PriceLine {
  plan_id: number;
  plan_pricing_id: number;
  option_name: string;
  plan_price: number | null;
}

export interface GetPlanPricingDetailAnswerAsRead {
  plans: PriceLine[];
  notices: string[];
}

/**
 * A refusal comes as an ApiError whose code says why; its `extra` may carry the plan to show instead (changePid's
 * `pid`) or the prices still shown beside the message (`plans`).
 */
export function getPlanPricingDetail(query: Query<'/get-plan-pricing-detail'>): Promise<GetPlanPricingDetailAnswerAsRead> {
  return api.get('/get-plan-pricing-detail', { query });
}
