import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

export interface AnswerShopOfferRequest {
  enrollment_id: string;
  /** The offer answered (its step name). */
  step: string;
  action: string;
  /** At checkout, the date chosen in the cart: the steps after the offer are checkout's. */
  effective_date?: string;
}

export type AnswerShopOfferAnswer = FlowAnswer;

export function answerShopOffer({ enrollment_id, step, action, effective_date }: AnswerShopOfferRequest): Promise<AnswerShopOfferAnswer> {
  const query = effective_date === undefined ? '' : `?effective_date=${encodeURIComponent(effective_date)}`;
  return api.post(`/shop/${enrollment_id}/offer/${step}${query}`, { action });
}
