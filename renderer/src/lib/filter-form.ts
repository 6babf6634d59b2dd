// The quote's filter as the server asks it (a Step, in the variant the page needs): read by the landing and referral
// banners, the quote dialog, the member home and a rep's Enroll Now.
import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from './api';
import { enrollmentKey } from './query';

/**
 * The quote's filter as a step. Without an enrollment, a new quote's; `plan_id` (a premier plan) or `category` also asks
 * the category; `variant` says where it is asked (landing, parts: the referral banner a part at a time, dialog).
 */
export function getFilterForm(query: Query<'/filter-form'> = {}): Promise<Schema<'Step'>> {
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
