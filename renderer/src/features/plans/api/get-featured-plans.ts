import { api } from '../../../lib/api';

export interface FeaturedPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_category: string;
}

export type GetFeaturedPlansAnswerAsRead = FeaturedPlan[];

export function getFeaturedPlans(): Promise<GetFeaturedPlansAnswerAsRead> {
  return api.get('/get-featured-plans');
}
