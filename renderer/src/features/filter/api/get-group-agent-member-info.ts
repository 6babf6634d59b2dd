import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

export function getGroupAgentMemberInfo(query: Query<'/get-group-agent-member-info'>): Promise<Schema<'QuoteParties'>> {
  return api.get('/get-group-agent-member-info', { query });
}

/** Who the enrollment's quote is for. */
export function quotePartiesQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-group-agent-member-info'],
    queryFn: () => getGroupAgentMemberInfo({ enrollment_id: enrollmentId }),
  });
}
