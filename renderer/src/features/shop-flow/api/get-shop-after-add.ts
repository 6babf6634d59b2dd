import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

export interface GetShopAfterAddRequest {
  enrollment_id: string;
}

/** The first offer the shop makes once a plan is in the cart, or none. */
export type GetShopAfterAddAnswer = FlowAnswer;

export function getShopAfterAdd({ enrollment_id }: GetShopAfterAddRequest): Promise<GetShopAfterAddAnswer> {
  return api.get(`/shop/${enrollment_id}/after-add`);
}
