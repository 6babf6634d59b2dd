import { type Query, type Schema, api } from '../../../lib/api';

/** With the enrollment alone: whether its cart already holds a premier plan. */
export function getMoreRequirement(query: Query<'/get-more-requirement'>): Promise<Schema<'Result_boolean'>> {
  return api.get('/get-more-requirement', { query });
}
