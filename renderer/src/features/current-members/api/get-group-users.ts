import { type Schema, api } from '../../../lib/api';

/** The current members of the session's group (its administrator's own; 403 for anyone else). */
export function getGroupUsers(): Promise<Schema<'MemberRow'>[]> {
  return api.get('/get-group-users', { query: {} });
}
