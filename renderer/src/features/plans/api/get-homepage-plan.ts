import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** The home page's category tiles: one per category the session's site offers, each with where it leads. */
export function getHomepagePlan(): Promise<Schema<'HomeTile'>[]> {
  return api.get('/get-homepage-plan');
}

export const homepagePlanQuery = queryOptions({ queryKey: ['get-homepage-plan'], queryFn: getHomepagePlan });
