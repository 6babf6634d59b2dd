import { api } from '../../../lib/api';

export interface FilteredPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
  plan_category: string;
}

export interface GetFilteredPlansAnswerAsRead {
  result: FilteredPlan[];
  /** Why there are no plans, when there are none. */
  message: string | null;
}

export interface GetFilteredPlansInput {
  enrollment_id: string;
  /** Category names; none for every category (the document's `categories` joins them with commas). */
  categories: string[];
}

export function getFilteredPlans({ enrollment_id, categories }: GetFilteredPlansInput): Promise<GetFilteredPlansAnswerAsRead> {
  return api.get('/get-filtered-plans', { query: { enrollment_id, categories: categories.join(',') } });
}
