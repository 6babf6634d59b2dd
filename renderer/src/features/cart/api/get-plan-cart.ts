import { type Query, api } from '../../../lib/api';

export interface CartLine {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  price: number;
  /** 1 for a line the person may remove; 0 for one shown beside the totals instead. */
  removable: number;
}

export interface Rider {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  plan_short_text: string;
  price: number;
}

export interface GetPlanCartAnswerAsRead {
  result: CartLine[];
  initial_month_cost: number;
  recurring_month_cost: number;
  total_cost: number;
  riders: Rider[];
  notices: string[];
  show_quotation: boolean;
}

export function getPlanCart(query: Query<'/get-plan-cart'>): Promise<GetPlanCartAnswerAsRead> {
  return api.get('/get-plan-cart', { query });
}
