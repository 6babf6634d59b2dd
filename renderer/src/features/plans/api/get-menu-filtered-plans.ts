import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';

/** A category's plans on the session's site, each with the lowest price anyone can be quoted (`from_price`). */
export function getMenuFilteredPlans(query: Query<'/get-menu-filtered-plans'>): Promise<Schema<'Result_Array_of_PlanCard'>> {
  return api.get('/get-menu-filtered-plans', { query });
}

/** A category's plans for a visitor without a quote (the site's plans: read again when the site changes, lib/site.tsx). */
export function menuFilteredPlansQuery(category: string) {
  return queryOptions({
    queryKey: ['get-menu-filtered-plans', category],
    queryFn: () => getMenuFilteredPlans({ category }),
  });
}
