import { type Query, type Schema, api } from '../../../lib/api';

/**
 * A known code makes the session the group's employee's. The spec answers 204 No Content for an unknown one, which the
 * client rejects as an ApiError with statusCode 204.
 */
export function validateGroup(query: Query<'/validate-group'>): Promise<Schema<'GroupAnswer'>> {
  return api.get('/validate-group', { query });
}
