import { type Query, api } from '../../../lib/api';

export interface RelatedPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
}

export interface GetRelatedPlansAnswerAsRead {
  result: RelatedPlan[];
}

export function getRelatedPlans(query: Query<'/get-related-plans'>): Promise<GetRelatedPlansAnswerAsRead> {
  return api.get('/get-related-plans', { query });
}
