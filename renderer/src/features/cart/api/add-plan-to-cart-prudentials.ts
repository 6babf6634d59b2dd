import { api } from '../../../lib/api';

/** A premier plan and the membership it is sold with (`plan_id1`, `plan_pricing_id1`), added together. */
export interface AddPlanToCartPrudentialsRequest {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
  plan_id1: number;
  plan_pricing_id1: number;
}

export function addPlanToCartPrudentials(request: AddPlanToCartPrudentialsRequest): Promise<unknown> {
  return api.post('/add-plan-to-cart-prudentials', request);
}
