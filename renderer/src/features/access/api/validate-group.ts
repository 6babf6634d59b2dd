import { type Query, type Schema, api } from '../../../lib/api';

/**
 * The group a code names, for the person to confirm; looking it up changes nothing. The spec answers 204 No Content for
 * an unknown one, which the client rejects as an ApiError with statusCode 204.
 */
export function validateGroup(query: Query<'/validate-group'>): Promise<Schema<'GroupAnswer'>> {
  return api.get('/validate-group', { query });
}
