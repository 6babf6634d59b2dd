import { api } from '../../../lib/api';

export interface ContinueEnrollmentRequest {
  code: string;
  email: string;
}

/** The enrollment resumed and where: a wizard route, or a path of its own when it starts with '/'. */
export interface ContinueEnrollmentAnswer {
  enrollment_id: number;
  route: string;
}

export function continueEnrollment(request: ContinueEnrollmentRequest): Promise<ContinueEnrollmentAnswer> {
  return api.post('/continue-enrollment', request);
}
