import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  title: { id: 'remoteSigning.title', defaultMessage: 'Review and sign your application' },
  opening: { id: 'remoteSigning.opening', defaultMessage: 'Opening your application…' },
  linkFailed: { id: 'remoteSigning.linkFailed', defaultMessage: 'This link could not be opened. Please try again in a moment.' },
  greeting: { id: 'remoteSigning.greeting', defaultMessage: 'Hello {name}. {rep} has prepared your insurance application and asks you to review it and sign it.' },
  greetingNoName: { id: 'remoteSigning.greetingNoName', defaultMessage: '{rep} has prepared your insurance application and asks you to review it and sign it.' },
  birthdateIntro: { id: 'remoteSigning.birthdateIntro', defaultMessage: 'To open it, enter your date of birth. This keeps your application private to you.' },
  birthdate: { id: 'remoteSigning.birthdate', defaultMessage: 'Date of birth (MM/DD/YYYY)' },
  open: { id: 'remoteSigning.open', defaultMessage: 'Open my application' },
  readIntro: {
    id: 'remoteSigning.readIntro',
    defaultMessage: 'Please read your application. If anything is wrong, do not sign: tell {rep}, who can correct it and send you a new link.',
  },
  applicationHeading: { id: 'remoteSigning.applicationHeading', defaultMessage: 'Your application' },
  plansHeading: { id: 'remoteSigning.plansHeading', defaultMessage: 'Your plans' },
  firstMonth: { id: 'remoteSigning.firstMonth', defaultMessage: 'First month' },
  monthly: { id: 'remoteSigning.monthly', defaultMessage: 'Each month after' },
  signHeading: { id: 'remoteSigning.signHeading', defaultMessage: 'Agree and sign' },
  sign: { id: 'remoteSigning.sign', defaultMessage: 'Sign my application' },
  signing: { id: 'remoteSigning.signing', defaultMessage: 'Signing…' },
  doneHeading: { id: 'remoteSigning.doneHeading', defaultMessage: 'Signed' },
  doneNext: { id: 'remoteSigning.doneNext', defaultMessage: 'You can close this page. You will receive your enrollment receipt by e-mail once the application is submitted.' },
});
