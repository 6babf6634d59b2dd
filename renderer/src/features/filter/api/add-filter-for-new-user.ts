import { api } from '../../../lib/api';

/** The filter form's answers, and the group a rep chose (who enrolls is the server's to know from the session). */
export type AddFilterForNewUserRequest = Record<string, unknown> & { group_id: string | null };

export interface AddFilterForNewUserAnswer {
  temp_enrollment_id: number;
}

export function addFilterForNewUser(request: AddFilterForNewUserRequest): Promise<AddFilterForNewUserAnswer> {
  return api.post('/add-filter-for-new-user', request);
}
