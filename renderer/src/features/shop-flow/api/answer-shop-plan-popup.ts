import { type Schema, api } from '../../../lib/api';

export interface AnswerShopPlanPopupInput {
  enrollment_id: string;
  plan_id: string;
  /** The popup answered (its step name). */
  step: string;
  formData: Record<string, unknown>;
}

/** The plan as the shop sees it once the popup is answered: the next popup, or none. */
export function answerShopPlanPopup({ enrollment_id, plan_id, step, formData }: AnswerShopPlanPopupInput): Promise<Schema<'PlanFlow'>> {
  return api.post('/shop/{id}/plan/{plan_id}/{popup}', { path: { id: enrollment_id, plan_id, popup: step }, body: { formData } });
}
