import { type Schema, api } from '../../../lib/api';

/** The member home's change of tier on the member's quote. */
export function changeFilterInfo(enrollmentId: string, body: { tier: string }): Promise<Schema<'ChangedFilter'>> {
  return api.put('/change-filter-info/{temp_id}', { path: { temp_id: enrollmentId }, body });
}
