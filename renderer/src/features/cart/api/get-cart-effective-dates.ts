import { type Query, api } from '../../../lib/api';

export interface GetCartEffectiveDatesAnswerAsRead {
  /** MM/DD/YYYY, the earliest first. */
  result: string[];
}

export function getCartEffectiveDates(query: Query<'/get-cart-effective-dates'>): Promise<GetCartEffectiveDatesAnswerAsRead> {
  return api.get('/get-cart-effective-dates', { query });
}
