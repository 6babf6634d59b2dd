import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** Without an enrollment, the form of a new quote; `plan_id` (a premier plan) or `category` also asks the category. */
export function getFilterForm(query: Query<'/filter-form'> = {}): Promise<Schema<'FormDocument'>> {
  // An empty value is left out rather than sent as `name=`, which the server would take as given.
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Query<'/filter-form'>;
  return api.get('/filter-form', { query: given });
}

/**
 * The quote's form: with an enrollment, filled with its filter (read again when the enrollment is); without, a new
 * quote's. `plan_id` or `category` asks the category too.
 */
export function filterFormQuery(query: Query<'/filter-form'> = {}) {
  const { enrollment_id, ...rest } = query;
  return queryOptions({
    queryKey: enrollment_id ? [...enrollmentKey(enrollment_id), 'filter-form', rest] : ['filter-form', rest],
    queryFn: () => getFilterForm(query),
  });
}
