import { queryOptions } from '@tanstack/react-query';
import { type Query, type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** `return_to` is where Return to homepage goes, decided by the server from the enrollment's process. */
export function getReceipt(query: Query<'/get-receipt'>): Promise<Schema<'Receipt'>> {
  return api.get('/get-receipt', { query });
}

export function receiptQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'get-receipt'],
    queryFn: () => getReceipt({ enrollment_id: enrollmentId }),
    // A submitted application's receipt does not change.
    staleTime: Infinity,
  });
}
