import { api } from '../../../lib/api';
import type { PlanShop } from '../../../types/api';

export interface AnswerShopPlanPopupRequest {
  enrollment_id: string;
  plan_id: string;
  /** The popup answered (its step name). */
  step: string;
  formData: Record<string, unknown>;
}

/** The plan as the shop sees it once the popup is answered: the next popup, or none. */
export type AnswerShopPlanPopupAnswer = PlanShop;

export function answerShopPlanPopup({ enrollment_id, plan_id, step, formData }: AnswerShopPlanPopupRequest): Promise<AnswerShopPlanPopupAnswer> {
  return api.post(`/shop/${enrollment_id}/plan/${plan_id}/${step}`, { formData });
}
