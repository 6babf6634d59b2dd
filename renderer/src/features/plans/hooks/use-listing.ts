import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { filteredPlansQuery } from '../api/get-filtered-plans';
import type { Refine } from '../utils/refine';
import type { Facets } from '../components/refine-panel';

/**
 * The quote's listing of the chosen categories, a page at a time (Show more plans): an answer for categories no
 * longer chosen is never drawn, and the key is compared by its content, so the choices read afresh from the address
 * each time ask the same question. The choices offered (`facets`) stay as they were while a new sort or filter loads,
 * so a checkbox just ticked is not taken away and drawn again.
 */
export function useListing(enrollmentId: string, categories: string[], refine: Refine) {
  const listing = useInfiniteQuery(filteredPlansQuery(enrollmentId, categories, refine));
  const pages = listing.data?.pages;
  const plans = pages ? pages.flatMap((p) => p.result) : null;
  const [lastFacets, setLastFacets] = useState<Facets | null>(null);
  const answered = pages?.[0]?.facets ?? null;
  useEffect(() => {
    if (answered) setLastFacets(answered);
  }, [answered]);
  return {
    listing,
    plans,
    total: pages?.[0]?.total ?? plans?.length ?? 0,
    // Why nothing is listed, in the words the server gives a person (its `message` is kept as other systems read it).
    message: pages?.[0]?.notice ?? pages?.[0]?.message ?? null,
    facets: answered ?? lastFacets,
    showMore: () => void listing.fetchNextPage(),
  };
}
