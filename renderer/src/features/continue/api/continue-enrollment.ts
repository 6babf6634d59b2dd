import { type Body, api } from '../../../lib/api';

/** The enrollment resumed and where: a wizard route, or a path of its own when it starts with '/'. */
export interface ContinueEnrollmentAnswerAsRead {
  enrollment_id: number;
  route: string;
}

export function continueEnrollment(body: Body<'/continue-enrollment'>): Promise<ContinueEnrollmentAnswerAsRead> {
  return api.post('/continue-enrollment', { body });
}
