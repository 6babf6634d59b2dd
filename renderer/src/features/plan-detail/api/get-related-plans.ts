import { api } from '../../../lib/api';

export interface GetRelatedPlansRequest {
  plan_id: string;
  enrollment_id: string;
}

export interface RelatedPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
}

export interface GetRelatedPlansAnswer {
  result: RelatedPlan[];
}

export function getRelatedPlans({ plan_id, enrollment_id }: GetRelatedPlansRequest): Promise<GetRelatedPlansAnswer> {
  return api.get(`/get-related-plans?plan_id=${plan_id}&enrollment_id=${enrollment_id}`);
}
