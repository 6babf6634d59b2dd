import { type Query, type Schema, api } from '../../../lib/api';

/**
 * The plans applied for, with their monthly prices and totals: the enrollment's cart, which the submitted application
 * keeps. (The receipt itself names the person, the confirmation number and the effective date only.)
 */
export function getEnrolledPlans(query: Query<'/get-plan-cart'>): Promise<Schema<'CartAnswer'>> {
  return api.get('/get-plan-cart', { query });
}
