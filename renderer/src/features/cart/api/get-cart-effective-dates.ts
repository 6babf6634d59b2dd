import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { cartKey } from '../../../lib/query';

/** The dates as MM/DD/YYYY, the earliest first. */
export function getCartEffectiveDates(query: Query<'/get-cart-effective-dates'>): Promise<Schema<'Result_Array_of_string'>> {
  return api.get('/get-cart-effective-dates', { query });
}

/** The effective dates the cart's plans allow. */
export function cartDatesQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...cartKey(enrollmentId), 'get-cart-effective-dates'],
    queryFn: () => getCartEffectiveDates({ enrollment_id: enrollmentId }),
  });
}
