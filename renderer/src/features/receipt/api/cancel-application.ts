import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** Cancels the submitted application (within its free-look period); the receipt and the policy are read again. */
export function useCancelApplication(enrollmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post('/cancel-application', { body: { enrollment_id: Number(enrollmentId), reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enrollmentKey(enrollmentId) }),
  });
}
