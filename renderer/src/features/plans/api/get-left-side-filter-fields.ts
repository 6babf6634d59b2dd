import { type Query, type Schema, api } from '../../../lib/api';

export function getLeftSideFilterFields(query: Query<'/get-left-side-filter-fields'>): Promise<Schema<'Result_SideFilter'>> {
  return api.get('/get-left-side-filter-fields', { query });
}
