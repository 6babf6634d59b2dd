import { type Schema, api } from '../../../lib/api';

/** The session's rep's current members (403 for anyone else). */
export function getAgentMembers(): Promise<Schema<'MemberRow'>[]> {
  return api.get('/get-agent-members', { query: {} });
}
