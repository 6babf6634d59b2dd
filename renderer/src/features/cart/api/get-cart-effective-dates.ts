import { type Query, type Schema, api } from '../../../lib/api';

/** The dates as MM/DD/YYYY, the earliest first. */
export function getCartEffectiveDates(query: Query<'/get-cart-effective-dates'>): Promise<Schema<'Result_Array_of_string'>> {
  return api.get('/get-cart-effective-dates', { query });
}
