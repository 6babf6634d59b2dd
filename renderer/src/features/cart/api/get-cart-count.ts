import { api } from '../../../lib/api';

export interface GetCartCountRequest {
  enrollment_id: string;
}

export interface GetCartCountAnswer {
  result: number;
}

export function getCartCount({ enrollment_id }: GetCartCountRequest): Promise<GetCartCountAnswer> {
  return api.get(`/get-cart-count?enrollment_id=${enrollment_id}`);
}
