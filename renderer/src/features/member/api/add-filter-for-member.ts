import { api } from '../../../lib/api';

export interface AddFilterForMemberRequest {
  /** The member link's sealed token. */
  user_id: string;
  tier: string;
}

export interface AddFilterForMemberAnswer {
  temp_enrollment_id: number;
  name: string;
}

export function addFilterForMember(request: AddFilterForMemberRequest): Promise<AddFilterForMemberAnswer> {
  return api.post('/add-filter-for-member', request);
}
