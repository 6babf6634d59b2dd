import { type Query, type Schema, api } from '../../../lib/api';

/** The group administrator's entry: the dashboard's link token makes the session the group's administrator. */
export function getGroupInfo(query: Query<'/get-group-info'>): Promise<Schema<'GroupInfo'>> {
  return api.get('/get-group-info', { query });
}
