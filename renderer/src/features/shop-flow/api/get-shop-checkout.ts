import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

/** Checkout's first step: an upsell the shop still makes, or the confirmation. */
export type GetShopCheckoutAnswerAsRead = FlowAnswer;

export function getShopCheckout({ enrollment_id, effective_date }: { enrollment_id: string; effective_date: string }): Promise<GetShopCheckoutAnswerAsRead> {
  return api.get('/shop/{id}/checkout', { path: { id: enrollment_id }, query: { effective_date } });
}
