import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { cartKey } from '../../../lib/query';

/** With the enrollment alone: whether its cart already holds a premier plan. */
export function getMoreRequirement(enrollmentId: string): Promise<Schema<'Result_boolean'>> {
  return api.get('/get-more-requirement', { query: { enrollment_id: enrollmentId } });
}

/** Whether the enrollment's cart holds a premier plan (it follows the cart). */
export function premierInCartQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...cartKey(enrollmentId), 'get-more-requirement'],
    queryFn: () => getMoreRequirement(enrollmentId),
  });
}
