import { queryOptions } from '@tanstack/react-query';
import { type Schema, api } from '../../../lib/api';

/** The portals the session enrolls on: a rep's own, or the portals of the group whose home or site it is. */
export function getEnrollmentPlatforms(): Promise<Schema<'Portal'>[]> {
  return api.get('/get-enrollment-platforms');
}

export const enrollmentPlatformsQuery = queryOptions({ queryKey: ['get-enrollment-platforms'], queryFn: getEnrollmentPlatforms });
