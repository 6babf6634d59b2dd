import { type Body, type Schema, api } from '../../../lib/api';

/** The filter form's answers (the document takes any object); `plan_id` when the form was asked for a premier plan. */
export function changeFilterInfo(
  enrollmentId: string,
  body: Body<'/change-filter-info/{temp_id}', 'put'> & { plan_id?: string },
): Promise<Schema<'ChangedFilter'>> {
  return api.put('/change-filter-info/{temp_id}', { path: { temp_id: enrollmentId }, body });
}
