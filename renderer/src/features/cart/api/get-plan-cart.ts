import { type Query, type Schema, api } from '../../../lib/api';

/** A line of the cart; `removable` is 1 for a line the person may remove, 0 for one shown beside the totals instead. */
export type CartLine = Schema<'PricedLine'>;

export type Rider = Schema<'Rider'>;

export function getPlanCart(query: Query<'/get-plan-cart'>): Promise<Schema<'CartAnswer'>> {
  return api.get('/get-plan-cart', { query });
}
