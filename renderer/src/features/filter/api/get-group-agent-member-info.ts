import { type Query, type Schema, api } from '../../../lib/api';

export function getGroupAgentMemberInfo(query: Query<'/get-group-agent-member-info'>): Promise<Schema<'QuoteParties'>> {
  return api.get('/get-group-agent-member-info', { query });
}
