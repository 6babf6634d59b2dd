import { type Schema, api } from '../../../lib/api';

export interface GetFilteredPlansInput {
  enrollment_id: string;
  /** Category names; none for every category (the document's `categories` joins them with commas). */
  categories: string[];
}

/** The plans, or (when there are none) the message that says why. */
export function getFilteredPlans({ enrollment_id, categories }: GetFilteredPlansInput): Promise<Schema<'FilteredPlans'>> {
  return api.get('/get-filtered-plans', { query: { enrollment_id, categories: categories.join(',') } });
}
