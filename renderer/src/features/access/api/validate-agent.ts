import { type Query, api } from '../../../lib/api';

export interface Rep {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  agent_code: string;
  groups: { group_id: number; name: string }[];
}

export type ValidateAgentAnswerAsRead = Rep;

/** A known code makes the session the rep's. */
export function validateAgent(query: Query<'/validate-agent'>): Promise<ValidateAgentAnswerAsRead> {
  return api.get('/validate-agent', { query });
}
