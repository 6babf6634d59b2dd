import { infiniteQueryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';
import type { Refine } from '../utils/refine';

export interface GetFilteredPlansInput {
  enrollment_id: string;
  /** Category names; none for every category (the document's `categories` joins them with commas). */
  categories: string[];
  /** The page wanted, from 1; its plans and `total`, how many there are in all. */
  page: number;
  /** The person's sort and filters. */
  refine?: Refine;
}

/** How many plans a page of the listing shows before Show more plans. */
export const PLANS_PER_PAGE = 24;

/** A page of the plans, or (when there are none) the message that says why. */
export function getFilteredPlans({ enrollment_id, categories, page, refine = {} }: GetFilteredPlansInput): Promise<Schema<'FilteredPlans'>> {
  return api.get('/get-filtered-plans', {
    query: { enrollment_id, categories: categories.join(','), page: String(page), per_page: String(PLANS_PER_PAGE), ...refine },
  });
}

/**
 * The listing of `categories` for the enrollment, a page at a time (Show more plans asks for the next). Kept under the
 * enrollment's key: a change of the quote reads it again; a change of categories is another question, so an answer to
 * the previous one is never drawn under the new one.
 */
export function filteredPlansQuery(enrollmentId: string, categories: string[], refine: Refine = {}) {
  return infiniteQueryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-filtered-plans', categories, refine],
    queryFn: ({ pageParam }) => getFilteredPlans({ enrollment_id: enrollmentId, categories, page: pageParam, refine }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.result.length, 0);
      return last.result.length > 0 && shown < (last.total ?? shown) ? pages.length + 1 : undefined;
    },
  });
}
