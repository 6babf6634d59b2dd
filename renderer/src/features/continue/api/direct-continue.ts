import { api } from '../../../lib/api';
import type { ContinueEnrollmentAnswer } from './continue-enrollment';

export interface DirectContinueRequest {
  /** The sealed token of the continue e-mail's link. */
  token: string;
}

export type DirectContinueAnswer = ContinueEnrollmentAnswer;

export function directContinue({ token }: DirectContinueRequest): Promise<DirectContinueAnswer> {
  return api.get(`/direct-continue/${encodeURIComponent(token)}`);
}
