import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { getGroupUsers } from './get-group-users';

/** The session's rep's current members (401 until the rep signs in, 403 for anyone else). */
export function getAgentMembers(): Promise<Schema<'MemberRow'>[]> {
  return api.get('/get-agent-members', { query: {} });
}

/** Current members: the rep's own (`agent`) or the group's (`group`). */
export function membersQuery(kind: 'agent' | 'group') {
  return queryOptions({
    queryKey: ['current-members', kind],
    queryFn: kind === 'agent' ? getAgentMembers : getGroupUsers,
  });
}
