import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/**
 * Only the `filter_info` column is asked for. The document types `result` as any value (it depends on the column), so
 * the caller checks what it reads of it.
 */
export function getEnrollmentTempInfo(query: Query<'/get-enrollment-temp-info'> & { column: 'filter_info' }): Promise<Schema<'Result_AnyValue'>> {
  return api.get('/get-enrollment-temp-info', { query });
}

/** The quote's filter as saved (read again whenever the enrollment is). */
export function quoteFilterQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-enrollment-temp-info', 'filter_info'],
    queryFn: () => getEnrollmentTempInfo({ enrollment_id: enrollmentId, column: 'filter_info' }),
  });
}
