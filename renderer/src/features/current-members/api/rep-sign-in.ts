import { type Body, type Schema, api } from '../../../lib/api';

/** The code from the e-mail signs the rep in; the session continues under a new id (422 under `code` otherwise). */
export function repSignIn(body: Body<'/rep-sign-in'>): Promise<Schema<'SignedIn'>> {
  return api.post('/rep-sign-in', { body });
}
