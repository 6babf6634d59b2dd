import { type Body, type Schema, api } from '../../../lib/api';

/**
 * Yes to the rep or the employer a code names: only now does the session become the rep's (branded; seeing members
 * takes signing in) or the group's employee's. No, Cancel and closing the dialog never call the server.
 */
export function confirmAccess(body: Body<'/confirm-access'>): Promise<Schema<'AccessConfirmed'>> {
  return api.post('/confirm-access', { body });
}
