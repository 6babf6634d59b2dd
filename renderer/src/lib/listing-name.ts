// A breadcrumb's name for the listing of plans a person last saw: loaded with the pages that show it (the plan, the
// cart, the comparison), not with the landing page.
import { useQuery } from '@tanstack/react-query';
import { planCategoriesQuery } from './catalogue';
import { useT } from './i18n';
import { m } from './listing-name.messages';
import type { Listing } from './storage';

/**
 * A listing's name as a breadcrumb shows it, in the page's language: its one kind of plan's name as the catalogue reads
 * now ("Planes dentales" once Spanish is chosen, whatever language it was seen in), else "Plans".
 */
export function useListingName(listing: Listing): string {
  const t = useT();
  // The catalogue's names are read only for a listing of one kind.
  const categories = useQuery({ ...planCategoriesQuery, enabled: listing.category !== null }).data;
  const name = listing.category ? categories?.find((c) => c.category === listing.category)?.display_name : undefined;
  return name ?? t(m.plans);
}
