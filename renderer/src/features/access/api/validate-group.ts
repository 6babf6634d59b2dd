import { type Query, api } from '../../../lib/api';

export interface ValidateGroupAnswerAsRead {
  group_id: number;
  name: string;
}

/** A known code makes the session the group's employee's; the spec answers 204 No Content for an unknown one. */
export function validateGroup(query: Query<'/validate-group'>): Promise<ValidateGroupAnswerAsRead> {
  return api.get('/validate-group', { query });
}
