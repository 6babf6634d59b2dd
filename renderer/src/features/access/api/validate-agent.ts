import { type Query, type Schema, api } from '../../../lib/api';

/** A known code makes the session the rep's. */
export function validateAgent(query: Query<'/validate-agent'>): Promise<Schema<'RepAnswer'>> {
  return api.get('/validate-agent', { query });
}
