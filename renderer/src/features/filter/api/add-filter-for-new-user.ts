import { type Body, type Schema, api } from '../../../lib/api';

/**
 * The filter form's answers (the document takes any object), and the group a rep chose, which the renderer always
 * sends (who enrolls is the server's to know from the session).
 */
export function addFilterForNewUser(body: Body<'/add-filter-for-new-user'> & { group_id: string | null }): Promise<Schema<'NewQuote'>> {
  return api.post('/add-filter-for-new-user', { body });
}
