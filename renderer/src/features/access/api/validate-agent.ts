import { type Query, type Schema, api } from '../../../lib/api';

/** The rep a code names, for the person to confirm; looking it up changes nothing (204 for an unknown code). */
export function validateAgent(query: Query<'/validate-agent'>): Promise<Schema<'RepAnswer'>> {
  return api.get('/validate-agent', { query });
}
