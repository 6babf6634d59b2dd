import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

export function getLeftSideFilterFields(enrollmentId: string): Promise<Schema<'Result_SideFilter'>> {
  return api.get('/get-left-side-filter-fields', { query: { enrollment_id: enrollmentId } });
}

/** The side filter's categories with how many plans each has for the quote (they follow the quote). */
export function sideFilterQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-left-side-filter-fields'],
    queryFn: () => getLeftSideFilterFields(enrollmentId),
  });
}
