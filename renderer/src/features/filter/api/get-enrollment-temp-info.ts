import { type Query, type Schema, api } from '../../../lib/api';

/**
 * Only the `filter_info` column is asked for. The document types `result` as any value (it depends on the column), so
 * the caller checks what it reads of it.
 */
export function getEnrollmentTempInfo(query: Query<'/get-enrollment-temp-info'> & { column: 'filter_info' }): Promise<Schema<'Result_AnyValue'>> {
  return api.get('/get-enrollment-temp-info', { query });
}
