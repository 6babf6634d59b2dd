import { type Body, api } from '../../../lib/api';

export interface AddFilterForMemberAnswerAsRead {
  temp_enrollment_id: number;
  name: string;
}

/** `user_id` is the member link's sealed token. */
export function addFilterForMember(body: Body<'/add-filter-for-member'>): Promise<AddFilterForMemberAnswerAsRead> {
  return api.post('/add-filter-for-member', { body });
}
