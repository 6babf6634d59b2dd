import { type Body, type Schema, api } from '../../../lib/api';

/** A premier plan and the membership it is sold with (`plan_id1`, `plan_pricing_id1`), added together. */
export function addPlanToCartPrudentials(body: Body<'/add-plan-to-cart-prudentials'>): Promise<Schema<'CartCount'>> {
  return api.post('/add-plan-to-cart-prudentials', { body });
}
