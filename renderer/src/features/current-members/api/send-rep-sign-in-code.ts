import { type Schema, api } from '../../../lib/api';

/** E-mails a one-time sign-in code to the e-mail on file of the rep whose access code this session gave. */
export function sendRepSignInCode(): Promise<Schema<'SignInCodeSent'>> {
  return api.post('/send-rep-sign-in-code');
}
