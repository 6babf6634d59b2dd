// The words of code-sign-in.tsx (`components.codeSignIn.<key>`), so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  email: { id: 'components.codeSignIn.email', defaultMessage: 'E-mail address' },
  send: { id: 'components.codeSignIn.send', defaultMessage: 'Send me a code' },
  sendAgain: { id: 'components.codeSignIn.sendAgain', defaultMessage: 'Send a new code' },
  code: { id: 'components.codeSignIn.code', defaultMessage: 'The code from the e-mail' },
});
