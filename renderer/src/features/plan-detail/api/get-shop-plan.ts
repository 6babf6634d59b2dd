import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

export function getShopPlan({ enrollment_id, plan_id }: { enrollment_id: string; plan_id: string }): Promise<Schema<'PlanFlow'>> {
  return api.get('/shop/{id}/plan/{plan_id}', { path: { id: enrollment_id, plan_id } });
}

/** What the shop still asks before the plan can be added (its popups, its buttons, the membership it comes with). */
export function shopPlanQuery(enrollmentId: string, planId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'shop-plan', planId],
    queryFn: () => getShopPlan({ enrollment_id: enrollmentId, plan_id: planId }),
    // Asked anew whenever the page opens: the answers may have changed in another window.
    staleTime: 0,
  });
}
