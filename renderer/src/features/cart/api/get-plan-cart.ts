import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { cartKey } from '../../../lib/query';

/** A line of the cart; `removable` is 1 for a line the person may remove, 0 for one shown beside the totals instead. */
export type CartLine = Schema<'PricedLine'>;

export type Rider = Schema<'Rider'>;

export function getPlanCart(query: Query<'/get-plan-cart'>): Promise<Schema<'CartAnswer'>> {
  return api.get('/get-plan-cart', { query });
}

/** The cart priced for the quote, with its riders and costs. */
export function planCartQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...cartKey(enrollmentId), 'get-plan-cart'],
    queryFn: () => getPlanCart({ enrollment_id: enrollmentId }),
  });
}
