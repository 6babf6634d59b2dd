import { type Body, api } from '../../../lib/api';

export interface SaveEnrollmentAnswerAsRead {
  message: string;
}

/** The cart's tab of save-enrollment: sends the personalised quote to `email`. */
export function saveEnrollment(body: Body<'/save-enrollment'> & { tab: 'cart_info' }): Promise<SaveEnrollmentAnswerAsRead> {
  return api.post('/save-enrollment', { body });
}
