import { type Schema, api } from '../../../lib/api';

/** Checkout's first step: an upsell the shop still makes, or the confirmation. */
export function getShopCheckout({ enrollment_id, effective_date }: { enrollment_id: string; effective_date: string }): Promise<Schema<'NextShopStep'>> {
  return api.get('/shop/{id}/checkout', { path: { id: enrollment_id }, query: { effective_date } });
}
