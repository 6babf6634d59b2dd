import { type Query, api } from '../../../lib/api';

/** The spec removes with a GET; its answer is not read. */
export function removePlanFromCart(query: Query<'/remove-plan-from-cart'>): Promise<unknown> {
  return api.get('/remove-plan-from-cart', { query });
}
