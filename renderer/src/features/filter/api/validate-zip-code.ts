import { type Query, type Schema, api } from '../../../lib/api';

/** A ZIP code's city and state; an unknown one is refused under zip_code ('Invalid Zip code'). */
export function validateZipCode(query: Query<'/validate-zip-code'>): Promise<Schema<'ZipInfo'>> {
  return api.get('/validate-zip-code', { query });
}
