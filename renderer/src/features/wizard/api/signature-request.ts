import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';
import { enrollmentKey } from '../../../lib/query';

/** Signing on the applicant's own device, as the rep's Agreement & Signature shows it. */
export type RemoteSignature = Schema<'RemoteSignature'>;

export function getSignatureRequest(enrollmentId: string): Promise<RemoteSignature> {
  return api.get('/enrollment/{id}/signature-request', { path: { id: enrollmentId } });
}

/** Sends the application to the applicant, by e-mail or text: a link sent before stops working. */
export function sendForSignature(enrollmentId: string, channel: 'email' | 'text'): Promise<RemoteSignature> {
  return api.post('/enrollment/{id}/signature-request', { path: { id: enrollmentId }, body: { channel } });
}

/** How often the rep's screen asks whether the applicant has signed, while a link waits. */
const ASK_EVERY_MS = 4000;

/** Signing on the applicant's device for enrollment `id`, asked again every few seconds while a link waits. */
export function signatureRequestQuery(enrollmentId: string) {
  return queryOptions({
    queryKey: [...enrollmentKey(enrollmentId), 'signature-request'],
    queryFn: () => getSignatureRequest(enrollmentId),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.state === 'waiting' ? ASK_EVERY_MS : false),
  });
}
