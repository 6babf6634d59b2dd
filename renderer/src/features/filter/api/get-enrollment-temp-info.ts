import { api } from '../../../lib/api';
import type { FilterInfo } from '../../../types/api';

export interface GetEnrollmentTempInfoRequest {
  enrollment_id: string;
  column: 'filter_info';
}

export interface GetEnrollmentTempInfoAnswer {
  result: FilterInfo;
}

export function getEnrollmentTempInfo({ enrollment_id, column }: GetEnrollmentTempInfoRequest): Promise<GetEnrollmentTempInfoAnswer> {
  return api.get(`/get-enrollment-temp-info?enrollment_id=${enrollment_id}&column=${column}`);
}
