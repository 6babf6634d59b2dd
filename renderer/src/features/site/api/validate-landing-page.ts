import { type Query, type Schema, api } from '../../../lib/api';

/** Puts the session on the site a landing name opens; an unknown name answers 204 (an ApiError with statusCode 204). */
export function validateLandingPage(query: Query<'/validate-landing-page'>): Promise<Schema<'LandingPage'>> {
  return api.get('/validate-landing-page', { query });
}
