import { api } from '../../../lib/api';

export interface GetFilteredPlansRequest {
  enrollment_id: string;
  /** Category names; none for every category. */
  categories: string[];
}

export interface FilteredPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
  plan_category: string;
}

export interface GetFilteredPlansAnswer {
  result: FilteredPlan[];
  /** Why there are no plans, when there are none. */
  message: string | null;
}

export function getFilteredPlans({ enrollment_id, categories }: GetFilteredPlansRequest): Promise<GetFilteredPlansAnswer> {
  return api.get(`/get-filtered-plans?enrollment_id=${enrollment_id}&categories=${encodeURIComponent(categories.join(','))}`);
}
