import { type Schema, api } from '../../../lib/api';

/** A plan's popups as they stand now: the one pending, and those its buttons open (each with its current view). */
export function getPlanPopups({ enrollment_id, plan_id }: { enrollment_id: string; plan_id: string }): Promise<Schema<'PlanFlow'>> {
  return api.get('/shop/{id}/plan/{plan_id}', { path: { id: enrollment_id, plan_id } });
}
