import { api } from '../../../lib/api';

export interface GetCartEffectiveDatesRequest {
  enrollment_id: string;
}

export interface GetCartEffectiveDatesAnswer {
  /** MM/DD/YYYY, the earliest first. */
  result: string[];
}

export function getCartEffectiveDates({ enrollment_id }: GetCartEffectiveDatesRequest): Promise<GetCartEffectiveDatesAnswer> {
  return api.get(`/get-cart-effective-dates?enrollment_id=${enrollment_id}`);
}
