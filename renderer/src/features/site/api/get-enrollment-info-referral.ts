import { type Query, type Schema, api } from '../../../lib/api';

/** A referral link's rep and whether it is still honoured (a valid one puts the session on the rep's site); 204 when unknown. */
export function getEnrollmentInfoReferral(query: Query<'/get-enrollment-info-referral'>): Promise<Schema<'ReferralInfo'>> {
  return api.get('/get-enrollment-info-referral', { query });
}
