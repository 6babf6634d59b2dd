import { benefit, device, type BenefitAnswer } from '../../../lib/benefit';

/** The chat with the site's rep: greeting, the next question (none left: closing), the answers so far and the contact. */
export type AssistState = BenefitAnswer<'/assist/get'>;

export function getAssist(): Promise<AssistState> {
  return benefit.get('/assist/get', { query: device() });
}
