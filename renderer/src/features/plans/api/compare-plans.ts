import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';

/** Two or three plans of one category side by side: their prices (for the quote, when there is one) and facts. */
export function comparePlans(query: Query<'/compare-plans'>): Promise<Schema<'Comparison'>> {
  return api.get('/compare-plans', { query });
}

/** The comparison of `planIds` (comma-separated), priced for the enrollment when there is one. */
export function comparisonQuery(planIds: string, enrollmentId: string | null) {
  return queryOptions({
    queryKey: ['compare-plans', planIds, enrollmentId],
    queryFn: () => comparePlans({ plan_ids: planIds, ...(enrollmentId ? { enrollment_id: enrollmentId } : {}) }),
  });
}
