import { type Body, api } from '../../../lib/api';

export interface CartCheckoutAnswerAsRead {
  next: { route: string };
}

/** `type` says who goes on with the enrollment: the confirmation's Rep Enrollment or Member Enrollment. */
export function cartCheckout(body: Body<'/cart-checkout'>): Promise<CartCheckoutAnswerAsRead> {
  return api.post('/cart-checkout', { body });
}
