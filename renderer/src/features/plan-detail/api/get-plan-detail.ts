import { api } from '../../../lib/api';

export interface PlanDetail {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  carrier_name: string;
  is_prudential_plan: boolean;
  hides_price: boolean;
  /** The plan's texts by name (header_text, body_text, faq_text_name and faq_text, blueBarText, ...). */
  plan_desc: Record<string, string>;
}

export type GetPlanDetailAnswerAsRead = PlanDetail;

export function getPlanDetail({ plan_id }: { plan_id: string }): Promise<GetPlanDetailAnswerAsRead> {
  return api.get('/get-plan-detail/{id}', { path: { id: plan_id } });
}
