import { api } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

/** The first offer the shop makes once a plan is in the cart, or none. */
export type GetShopAfterAddAnswerAsRead = FlowAnswer;

export function getShopAfterAdd({ enrollment_id }: { enrollment_id: string }): Promise<GetShopAfterAddAnswerAsRead> {
  return api.get('/shop/{id}/after-add', { path: { id: enrollment_id } });
}
