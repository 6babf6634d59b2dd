import { type Body, type Schema, api } from '../../../lib/api';

/** The enrollment resumed and where: a wizard route, or a path of its own when it starts with '/'. */
export function continueEnrollment(body: Body<'/continue-enrollment'>): Promise<Schema<'Resumed'>> {
  return api.post('/continue-enrollment', { body });
}
