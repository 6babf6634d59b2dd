import { type Schema, api } from '../../../lib/api';

export interface AnswerShopOfferInput {
  enrollment_id: string;
  /** The offer answered (its step name). */
  step: string;
  action: string;
  /** At checkout, the date chosen in the cart: the steps after the offer are checkout's. */
  effective_date?: string;
}

export function answerShopOffer({ enrollment_id, step, action, effective_date }: AnswerShopOfferInput): Promise<Schema<'OfferOutcome'>> {
  return api.post('/shop/{id}/offer/{offer}', { path: { id: enrollment_id, offer: step }, query: { effective_date }, body: { action } });
}
