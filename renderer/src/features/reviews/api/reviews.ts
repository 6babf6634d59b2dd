import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** A document in the reviewers' queue. */
export type Queued = Schema<'Queued'>;

export const reviewerQuery = queryOptions({
  queryKey: ['reviews', 'me'],
  queryFn: (): Promise<Schema<'Reviewer'>> => api.get('/reviews/me', {}),
  retry: false,
});

export const queueQuery = queryOptions({
  queryKey: ['reviews', 'queue'],
  queryFn: (): Promise<Queued[]> => api.get('/reviews', {}),
});

/** Where a document's file is read (the browser opens it in a tab of its own; it is never cached). */
export function fileUrl(documentId: number): string {
  return `/api/v1/reviews/${documentId}/file`;
}

/** A decision on a document; the queue is read again. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ documentId, decision, reason }: { documentId: number; decision: string; reason: string }) =>
      api.post('/reviews/{document_id}', { path: { document_id: String(documentId) }, body: { decision, reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queueQuery.queryKey }),
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/reviews/sign-out', {}),
    onSuccess: () => client.resetQueries({ queryKey: ['reviews'] }),
  });
}
