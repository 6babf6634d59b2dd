import { api } from '../../../lib/api';

export interface ValidateAgentRequest {
  agent_code: string;
}

export interface Rep {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  agent_code: string;
  groups: { group_id: number; name: string }[];
}

export type ValidateAgentAnswer = Rep;

/** A known code makes the session the rep's. */
export function validateAgent({ agent_code }: ValidateAgentRequest): Promise<ValidateAgentAnswer> {
  return api.get(`/validate-agent?agent_code=${encodeURIComponent(agent_code)}`);
}
