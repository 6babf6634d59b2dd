import { type Body, type Schema, api } from '../../../lib/api';

/** `type` says who goes on with the enrollment: the confirmation's Rep Enrollment or Member Enrollment. */
export function cartCheckout(body: Body<'/cart-checkout'>): Promise<Schema<'CheckedOut'>> {
  return api.post('/cart-checkout', { body });
}
