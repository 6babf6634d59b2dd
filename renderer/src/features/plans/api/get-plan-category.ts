import { api } from '../../../lib/api';

export interface PlanCategory {
  category: string;
  display_name: string;
  image: string;
}

export type GetPlanCategoryAnswerAsRead = PlanCategory[];

export function getPlanCategory(): Promise<GetPlanCategoryAnswerAsRead> {
  return api.get('/get-plan-category');
}
