import { type Query, type Schema, api } from '../../../lib/api';

export function getCartCount(query: Query<'/get-cart-count'>): Promise<Schema<'Result_uint'>> {
  return api.get('/get-cart-count', { query });
}
