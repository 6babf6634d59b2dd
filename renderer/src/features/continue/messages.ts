import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  heading: { id: 'continue.heading', defaultMessage: 'Continue your enrollment' },
  code: { id: 'continue.code', defaultMessage: 'Enrollment Code' },
  email: { id: 'continue.email', defaultMessage: 'Email' },
  opening: { id: 'continue.opening', defaultMessage: 'Opening your enrollment…' },
  linkNotOpened: { id: 'continue.linkNotOpened', defaultMessage: 'This link could not be opened.' },
  withCode: { id: 'continue.withCode', defaultMessage: 'Continue with your enrollment code' },
});
