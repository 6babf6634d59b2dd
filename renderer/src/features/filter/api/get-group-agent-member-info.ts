import { type Query, api } from '../../../lib/api';
import type { QuoteParties } from '../../../types/api';

export type GetGroupAgentMemberInfoAnswerAsRead = QuoteParties;

export function getGroupAgentMemberInfo(query: Query<'/get-group-agent-member-info'>): Promise<GetGroupAgentMemberInfoAnswerAsRead> {
  return api.get('/get-group-agent-member-info', { query });
}
