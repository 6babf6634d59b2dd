import { type Body, type Schema, api } from '../../../lib/api';

/** Its answer is not read: the cart is read again. A refusal (alreadyActive, a rider's rule) comes as an ApiError. */
export function addPlanToCart(body: Body<'/add-plan-to-cart'>): Promise<Schema<'CartCount'>> {
  return api.post('/add-plan-to-cart', { body });
}
