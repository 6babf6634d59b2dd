import { type Query, type Schema, api } from '../../../lib/api';

/** Two or three plans of one category side by side: their prices (for the quote, when there is one) and facts. */
export function comparePlans(query: Query<'/compare-plans'>): Promise<Schema<'Comparison'>> {
  return api.get('/compare-plans', { query });
}
