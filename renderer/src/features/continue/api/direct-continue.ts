import { type PathParams, api } from '../../../lib/api';
import type { ContinueEnrollmentAnswerAsRead } from './continue-enrollment';

export type DirectContinueAnswerAsRead = ContinueEnrollmentAnswerAsRead;

/** `token` is the sealed token of the continue e-mail's link. */
export function directContinue(path: PathParams<'/direct-continue/{token}'>): Promise<DirectContinueAnswerAsRead> {
  return api.get('/direct-continue/{token}', { path });
}
