import { type Schema, api } from '../../../lib/api';

export interface GetFilteredPlansInput {
  enrollment_id: string;
  /** Category names; none for every category (the document's `categories` joins them with commas). */
  categories: string[];
  /** The page wanted, from 1; its plans and `total`, how many there are in all. */
  page: number;
}

/** How many plans a page of the listing shows before Show more plans. */
export const PLANS_PER_PAGE = 24;

/** A page of the plans, or (when there are none) the message that says why. */
export function getFilteredPlans({ enrollment_id, categories, page }: GetFilteredPlansInput): Promise<Schema<'FilteredPlans'>> {
  return api.get('/get-filtered-plans', {
    query: { enrollment_id, categories: categories.join(','), page: String(page), per_page: String(PLANS_PER_PAGE) },
  });
}
