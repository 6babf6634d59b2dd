import { type Answer, api } from '../../../lib/api';

export function getFeaturedPlans(): Promise<Answer<'/get-featured-plans'>> {
  return api.get('/get-featured-plans');
}
