import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** Where an employee invited by their employer stands: when they may enroll, and whether they waived. */
export type MyEnrollment = Schema<'MyEnrollment'>;
export type WaiveReason = Schema<'WaiveReason'>;

export const myEnrollmentQuery = queryOptions({
  queryKey: ['employee', 'enrollment'],
  queryFn: (): Promise<MyEnrollment> => api.get('/employee/enrollment', {}),
  retry: false,
});

/** Opens the invitation's link: the session becomes the employee's, and what it says replaces the read. */
export function useOpenInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string): Promise<MyEnrollment> => api.post('/employee/invitation', { body: { token } }),
    onSuccess: (mine) => {
      client.setQueryData(myEnrollmentQuery.queryKey, mine);
      // What was read for the session before (a cart, a filter) was another session's.
      return client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'employee' });
    },
  });
}

export function useWaive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: WaiveReason): Promise<MyEnrollment> => api.post('/employee/waive', { body: { reason } }),
    onSuccess: (mine) => client.setQueryData(myEnrollmentQuery.queryKey, mine),
  });
}
