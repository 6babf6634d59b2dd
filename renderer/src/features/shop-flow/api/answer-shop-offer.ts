import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

export interface AnswerShopOfferInput {
  enrollment_id: string;
  /** The offer answered (its step name). */
  step: string;
  action: string;
  /** At checkout, the date chosen in the cart: the steps after the offer are checkout's. */
  effective_date?: string;
}

export type AnswerShopOfferAnswerAsRead = FlowAnswer;

export function answerShopOffer({ enrollment_id, step, action, effective_date }: AnswerShopOfferInput): Promise<AnswerShopOfferAnswerAsRead> {
  return api.post('/shop/{id}/offer/{offer}', { path: { id: enrollment_id, offer: step }, query: { effective_date }, body: { action } });
}
