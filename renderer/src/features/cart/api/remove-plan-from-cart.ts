import { api } from '../../../lib/api';

export interface RemovePlanFromCartRequest {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
}

/** The spec removes with a GET; its answer is not read. */
export function removePlanFromCart({ enrollment_id, plan_id, plan_pricing_id }: RemovePlanFromCartRequest): Promise<unknown> {
  return api.get(`/remove-plan-from-cart?enrollment_id=${enrollment_id}&plan_id=${plan_id}&plan_pricing_id=${plan_pricing_id}`);
}
