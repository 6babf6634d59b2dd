import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { receiptQuery } from './get-receipt';

/** Cancels the submitted application (within its free-look period); the receipt is read again to show it. */
export function useCancelApplication(enrollmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api.post('/cancel-application', { body: { enrollment_id: Number(enrollmentId), reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: receiptQuery(enrollmentId).queryKey }),
  });
}
