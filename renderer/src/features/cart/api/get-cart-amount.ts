import { type Query, api } from '../../../lib/api';

export interface GetCartAmountAnswerAsRead {
  result: number;
}

export function getCartAmount(query: Query<'/get-cart-amount'>): Promise<GetCartAmountAnswerAsRead> {
  return api.get('/get-cart-amount', { query });
}
