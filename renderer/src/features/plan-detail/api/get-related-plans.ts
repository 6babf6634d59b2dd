import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

export function getRelatedPlans(query: Query<'/get-related-plans'>): Promise<Schema<'Result_Array_of_PlanCard'>> {
  return api.get('/get-related-plans', { query });
}

/** The plans suggested with a plan, priced for the quote. */
export function relatedPlansQuery(enrollmentId: string, planId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-related-plans', planId],
    queryFn: () => getRelatedPlans({ plan_id: planId, enrollment_id: enrollmentId }),
  });
}
