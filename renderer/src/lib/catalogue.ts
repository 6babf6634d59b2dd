// What the store offers, as several screens read it: every category with its name, and the categories the site's menu
// offers. Shared by the header, the plans page and window shopping, so each is read once and kept (lib/query.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Answer, api } from './api';
import type { SiteInfo } from './site';

export interface MenuItem {
  category: string;
  label: string;
}

/** Every category with its name, in the catalogue's order. */
export const planCategoriesQuery = queryOptions({
  queryKey: ['get-plan-category'],
  queryFn: (): Promise<Answer<'/get-plan-category'>> => api.get('/get-plan-category'),
  // The catalogue changes only when the server loads it again.
  staleTime: Infinity,
});

/** What decides the menu: whose site it is (a group or a partner offers fewer categories) and who shops on it. */
export function siteKey(site: SiteInfo | null): string {
  if (!site) return '';
  return [site.eprocess, site.open_type, site.group?.group_id, site.agent?.agent_id, site.from_site, site.portal?.platform_group_id].join('|');
}

/** The categories the site's menu offers, by key (the session's site decides which), read again when the site changes. */
export function commonMenuQuery(site: SiteInfo | null) {
  return queryOptions({
    queryKey: ['get-common-menu', siteKey(site)],
    queryFn: (): Promise<Answer<'/get-common-menu'>> => api.get('/get-common-menu'),
    enabled: site !== null,
  });
}

/** Every category with its name (undefined while read). */
export function usePlanCategories() {
  return useQuery(planCategoriesQuery);
}

/** The site's menu: its categories in the menu's order, each with its name; empty until both are read. */
export function useCategoryMenu(site: SiteInfo | null): MenuItem[] {
  const menu = useQuery(commonMenuQuery(site));
  const categories = usePlanCategories();
  if (!menu.data || !categories.data) return [];
  const names = new Map(categories.data.map((c) => [c.category, c.display_name]));
  return menu.data.filter((c) => names.has(c)).map((c) => ({ category: c, label: names.get(c) ?? c }));
}
