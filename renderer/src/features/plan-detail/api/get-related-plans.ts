import { type Query, type Schema, api } from '../../../lib/api';

export function getRelatedPlans(query: Query<'/get-related-plans'>): Promise<Schema<'Result_Array_of_PlanCard'>> {
  return api.get('/get-related-plans', { query });
}
