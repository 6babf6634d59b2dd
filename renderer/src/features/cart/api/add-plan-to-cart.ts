import { api } from '../../../lib/api';

export interface AddPlanToCartRequest {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
}

/** Its answer is not read: the cart is read again. A refusal (alreadyActive, a rider's rule) comes as an ApiError. */
export function addPlanToCart(request: AddPlanToCartRequest): Promise<unknown> {
  return api.post('/add-plan-to-cart', request);
}
