import { benefit, device } from '../../../lib/benefit';

/** Keeps the visitor's feedback for the site's rep or group (1 to 2,000 characters; 422 otherwise). */
export function sendFeedback(message: string) {
  return benefit.post('/assist/feedback', { body: { message, ...device() } });
}
