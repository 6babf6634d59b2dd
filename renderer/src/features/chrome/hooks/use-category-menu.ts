import { useEffect, useState } from 'react';
import type { SiteInfo } from '../../../lib/site';
import { getCommonMenu } from '../api/get-common-menu';
import { getPlanCategory } from '../api/get-plan-category';

export interface MenuItem {
  category: string;
  label: string;
}

/** What decides the menu: whose site it is (a group or a partner offers fewer categories) and who shops on it. */
function menuKey(site: SiteInfo | null): string {
  if (!site) return '';
  return [site.eprocess, site.open_type, site.group?.group_id, site.agent?.agent_id, site.from_site, site.portal?.platform_group_id].join('|');
}

/** The site's categories, in the menu's order, each with its name; read again when the site changes. */
export function useCategoryMenu(site: SiteInfo | null): MenuItem[] {
  const [items, setItems] = useState<MenuItem[]>([]);
  const key = menuKey(site);
  useEffect(() => {
    if (!key) return;
    let current = true;
    Promise.all([getCommonMenu(), getPlanCategory()]).then(
      ([menu, categories]) => {
        if (!current) return;
        const names = new Map(categories.map((c) => [c.category, c.display_name]));
        setItems(menu.filter((c) => names.has(c)).map((c) => ({ category: c, label: names.get(c) ?? c })));
      },
      () => current && setItems([]),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return items;
}
