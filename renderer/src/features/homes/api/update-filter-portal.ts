import { type Body, type Schema, api } from '../../../lib/api';

/**
 * The portal (and, for a rep, the group: '' for a new member of no group) the next enrollments are for. The server
 * refuses a portal or group that is not the session's with 'Please choose a platform' or 'Please choose a group'.
 */
export function updateFilterPortal(body: Body<'/update-filter-portal'>): Promise<Schema<'PortalChosen'>> {
  return api.post('/update-filter-portal', { body });
}
