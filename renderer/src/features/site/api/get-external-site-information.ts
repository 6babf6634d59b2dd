import { type Query, type Schema, api } from '../../../lib/api';

/** A partner site's group and portal (the session is then on that group's site); 204 when the partner is unknown. */
export function getExternalSiteInformation(query: Query<'/get-external-site-infromation'>): Promise<Schema<'ExternalSiteInfo'>> {
  return api.get('/get-external-site-infromation', { query });
}
