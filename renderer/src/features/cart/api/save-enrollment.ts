import { api } from '../../../lib/api';

/** The cart's tab of save-enrollment: sends the personalised quote to `email`. */
export interface SaveEnrollmentRequest {
  enrollment_id: string;
  tab: 'cart_info';
  name: string;
  email: string;
  message: string;
}

export interface SaveEnrollmentAnswer {
  message: string;
}

export function saveEnrollment(request: SaveEnrollmentRequest): Promise<SaveEnrollmentAnswer> {
  return api.post('/save-enrollment', request);
}
