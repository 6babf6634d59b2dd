import { queryOptions } from '@tanstack/react-query';
import { type Answer, api } from '../../../lib/api';

export function getFeaturedPlans(): Promise<Answer<'/get-featured-plans'>> {
  return api.get('/get-featured-plans');
}

export const featuredPlansQuery = queryOptions({ queryKey: ['get-featured-plans'], queryFn: getFeaturedPlans });
