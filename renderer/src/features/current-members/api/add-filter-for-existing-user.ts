import { type Body, type Schema, api } from '../../../lib/api';

/**
 * Enroll Now: a new quote for a current member on the tier chosen, following their policy. 422 'Please choose a tier'
 * without a tier; 403 for a member who is not the session's.
 */
export function addFilterForExistingUser(body: Body<'/add-filter-for-existing-user'>): Promise<Schema<'ExistingMemberQuote'>> {
  return api.post('/add-filter-for-existing-user', { body });
}
