import { api } from '../../../lib/api';
import type { QuoteParties } from '../../../types/api';

export interface GetGroupAgentMemberInfoRequest {
  enrollment_id: string;
}

export type GetGroupAgentMemberInfoAnswer = QuoteParties;

export function getGroupAgentMemberInfo({ enrollment_id }: GetGroupAgentMemberInfoRequest): Promise<GetGroupAgentMemberInfoAnswer> {
  return api.get(`/get-group-agent-member-info?enrollment_id=${enrollment_id}`);
}
