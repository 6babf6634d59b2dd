import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** A policy this browser may read: submitted in it, or of the member who signed in on it. */
export type PolicySummary = Schema<'PolicySummary'>;

export const myPoliciesQuery = queryOptions({
  queryKey: ['my-policies'],
  queryFn: (): Promise<PolicySummary[]> => api.get('/my-policies', {}),
});

/** Asks for a sign-in code at the address (the answer is the same when it holds no policy). */
export function useSendCode() {
  return useMutation({
    mutationFn: (email: string): Promise<Schema<'CodeSent'>> => api.post('/member-sign-in/send-code', { body: { email } }),
  });
}

/** The code from the e-mail signs the member in; the list is read again. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string): Promise<Schema<'MemberSignedIn'>> => api.post('/member-sign-in', { body: { code } }),
    onSuccess: () => client.invalidateQueries({ queryKey: myPoliciesQuery.queryKey }),
  });
}
