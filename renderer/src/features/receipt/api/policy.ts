import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** A submitted application as a policy: its plans, their status and dates, and its changes. */
export type Policy = Schema<'Policy'>;

export function policyQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'policy'],
    queryFn: (): Promise<Policy> => api.get('/policies/{id}', { path: { id: enrollmentId } }),
  });
}

/** Ends a plan at the end of the month; the policy as it then stands replaces the one shown. */
export function useEndPlan(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, reason }: { planId: number; reason: string }): Promise<Policy> =>
      api.post('/policies/{id}/end-plan', { path: { id: enrollmentId }, body: { plan_id: planId, reason } }),
    onSuccess: (policy) => client.setQueryData(policyQuery(enrollmentId).queryKey, policy),
  });
}

/** A kind of life event the policy's member may report. */
export type LifeEventKind = Schema<'LifeEventKind'>;

export function lifeEventKindsQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'life-events'],
    queryFn: (): Promise<LifeEventKind[]> => api.get('/policies/{id}/life-events', { path: { id: enrollmentId } }),
    staleTime: Infinity,
  });
}

/** Reports a life event; the policy is read again to list it. */
export function useReportEvent(enrollmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, eventDate }: { kind: string; eventDate: string }): Promise<Schema<'ReportedEvent'>> =>
      api.post('/policies/{id}/life-events', { path: { id: enrollmentId }, body: { kind, event_date: eventDate } }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyQuery(enrollmentId).queryKey }),
  });
}
