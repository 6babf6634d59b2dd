import { type Query, api } from '../../../lib/api';
import type { FilterInfo } from '../../../types/api';

export interface GetEnrollmentTempInfoAnswerAsRead {
  result: FilterInfo;
}

/** Only the `filter_info` column is asked for: the answer is read as the filter. */
export function getEnrollmentTempInfo(query: Query<'/get-enrollment-temp-info'> & { column: 'filter_info' }): Promise<GetEnrollmentTempInfoAnswerAsRead> {
  return api.get('/get-enrollment-temp-info', { query });
}
