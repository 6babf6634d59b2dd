import { api } from '../../../lib/api';

/** The filter form's answers; `plan_id` when the form was asked for a premier plan. */
export type ChangeFilterInfoRequest = Record<string, unknown> & { plan_id?: string };

export function changeFilterInfo(enrollmentId: string, request: ChangeFilterInfoRequest): Promise<unknown> {
  return api.put(`/change-filter-info/${enrollmentId}`, request);
}
