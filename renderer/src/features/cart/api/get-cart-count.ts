import { type Query, api } from '../../../lib/api';

export interface GetCartCountAnswerAsRead {
  result: number;
}

export function getCartCount(query: Query<'/get-cart-count'>): Promise<GetCartCountAnswerAsRead> {
  return api.get('/get-cart-count', { query });
}
