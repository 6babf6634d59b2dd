import { type Schema, api } from '../../../lib/api';

/** The first offer the shop makes once a plan is in the cart, or none. */
export function getShopAfterAdd({ enrollment_id }: { enrollment_id: string }): Promise<Schema<'NextShopStep'>> {
  return api.get('/shop/{id}/after-add', { path: { id: enrollment_id } });
}
