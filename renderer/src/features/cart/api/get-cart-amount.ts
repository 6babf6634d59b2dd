import { api } from '../../../lib/api';

export interface GetCartAmountRequest {
  enrollment_id: string;
}

export interface GetCartAmountAnswer {
  result: number;
}

export function getCartAmount({ enrollment_id }: GetCartAmountRequest): Promise<GetCartAmountAnswer> {
  return api.get(`/get-cart-amount?enrollment_id=${enrollment_id}`);
}
