import { type Query, type Schema, api } from '../../../lib/api';

/** Without an enrollment, the form of a new quote; `plan_id` (a premier plan) or `category` also asks the category. */
export function getFilterForm(query: Query<'/filter-form'> = {}): Promise<Schema<'FormDocument'>> {
  // An empty value is left out rather than sent as `name=`, which the server would take as given.
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Query<'/filter-form'>;
  return api.get('/filter-form', { query: given });
}
