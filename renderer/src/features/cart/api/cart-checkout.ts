import { api } from '../../../lib/api';

export interface CartCheckoutRequest {
  enrollment_id: string;
  effective_date: string;
  /** Who goes on with the enrollment: the confirmation's Rep Enrollment or Member Enrollment. */
  type: string;
}

export interface CartCheckoutAnswer {
  next: { route: string };
}

export function cartCheckout(request: CartCheckoutRequest): Promise<CartCheckoutAnswer> {
  return api.post('/cart-checkout', request);
}
