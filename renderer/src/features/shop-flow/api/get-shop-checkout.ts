import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

export interface GetShopCheckoutRequest {
  enrollment_id: string;
  effective_date: string;
}

/** Checkout's first step: an upsell the shop still makes, or the confirmation. */
export type GetShopCheckoutAnswer = FlowAnswer;

export function getShopCheckout({ enrollment_id, effective_date }: GetShopCheckoutRequest): Promise<GetShopCheckoutAnswer> {
  return api.get(`/shop/${enrollment_id}/checkout?effective_date=${encodeURIComponent(effective_date)}`);
}
