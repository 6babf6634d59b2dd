import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** The employer groups the session's rep enrolls for. */
export function getAgentGroups(): Promise<Schema<'AgentGroup'>[]> {
  return api.get('/get-agent-groups');
}

export const agentGroupsQuery = queryOptions({ queryKey: ['get-agent-groups'], queryFn: getAgentGroups });
