import { api } from '../../../lib/api';

export interface ValidateGroupRequest {
  group_code: string;
}

export interface ValidateGroupAnswer {
  group_id: number;
  name: string;
}

/** A known code makes the session the group's employee's; the spec answers 204 No Content for an unknown one. */
export function validateGroup({ group_code }: ValidateGroupRequest): Promise<ValidateGroupAnswer> {
  return api.get(`/validate-group?group_code=${encodeURIComponent(group_code)}`);
}
