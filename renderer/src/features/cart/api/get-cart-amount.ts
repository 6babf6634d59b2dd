import { type Query, type Schema, api } from '../../../lib/api';

export function getCartAmount(query: Query<'/get-cart-amount'>): Promise<Schema<'Result_Dollars'>> {
  return api.get('/get-cart-amount', { query });
}
