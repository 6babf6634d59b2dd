import { type Body, api } from '../../../lib/api';

/** A premier plan and the membership it is sold with (`plan_id1`, `plan_pricing_id1`), added together. */
export function addPlanToCartPrudentials(body: Body<'/add-plan-to-cart-prudentials'>): Promise<unknown> {
  return api.post('/add-plan-to-cart-prudentials', { body });
}
