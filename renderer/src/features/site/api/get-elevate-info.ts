import { type Schema, api } from '../../../lib/api';

/** The portal the Elevate partner's visitors enroll on. */
export function getElevateInfo(): Promise<Schema<'ElevateInfo'>> {
  return api.get('/get-elevate-info');
}
