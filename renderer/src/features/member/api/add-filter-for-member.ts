import { type Body, type Schema, api } from '../../../lib/api';

/** `user_id` is the member link's sealed token. */
export function addFilterForMember(body: Body<'/add-filter-for-member'>): Promise<Schema<'MemberQuote'>> {
  return api.post('/add-filter-for-member', { body });
}
