import { type Body, type Schema, api } from '../../../lib/api';

/** The cart's tab of save-enrollment: sends the personalised quote to `email`. */
export function saveEnrollment(body: Body<'/save-enrollment'> & { tab: 'cart_info' }): Promise<Schema<'Message'>> {
  return api.post('/save-enrollment', { body });
}
