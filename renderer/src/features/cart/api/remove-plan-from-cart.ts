import { type Query, type Schema, api } from '../../../lib/api';

/** The spec removes with a GET; its answer is not read. */
export function removePlanFromCart(query: Query<'/remove-plan-from-cart'>): Promise<Schema<'CartCount'>> {
  return api.get('/remove-plan-from-cart', { query });
}
