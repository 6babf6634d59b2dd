import { api } from '../../../lib/api';

export interface PlanCategory {
  category: string;
  display_name: string;
  image: string;
}

export type GetPlanCategoryAnswer = PlanCategory[];

export function getPlanCategory(): Promise<GetPlanCategoryAnswer> {
  return api.get('/get-plan-category');
}
