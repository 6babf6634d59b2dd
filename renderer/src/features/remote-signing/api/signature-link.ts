import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** Whose application a link opens, and who sent it (before the date of birth is given). */
export function getInvitation(token: string): Promise<Schema<'Invitation'>> {
  return api.get('/signature/{token}', { path: { token } });
}

/** The application to read and the form to sign it with, for the applicant's date of birth. */
export function openToSign(token: string, birthdate: string): Promise<Schema<'ToSign'>> {
  return api.post('/signature/{token}/open', { path: { token }, body: { birthdate } });
}

/** Signs: the link is used up. */
export function signApplication(token: string, birthdate: string, formData: Record<string, unknown>): Promise<Schema<'SignedAnswer'>> {
  return api.post('/signature/{token}/sign', { path: { token }, body: { birthdate, formData } });
}

/** The link's first page: whose application, and who sent it. Asked once: the link's state changes only by signing. */
export function invitationQuery(token: string) {
  return queryOptions({ queryKey: ['signature', token], queryFn: () => getInvitation(token), staleTime: Infinity });
}
