import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  title: { id: 'myPolicies.title', defaultMessage: 'Your policies' },
  none: { id: 'myPolicies.none', defaultMessage: 'No policy is open on this browser yet.' },
  policy: { id: 'myPolicies.policy', defaultMessage: 'Policy {number}' },
  from: { id: 'myPolicies.from', defaultMessage: 'Coverage from {date}' },
  plans: { id: 'myPolicies.plans', defaultMessage: 'Plans: {plans}' },
  covered: { id: 'myPolicies.covered', defaultMessage: 'Covers: {people}' },
  open: { id: 'myPolicies.open', defaultMessage: 'Open policy {number}' },
  signInHeading: { id: 'myPolicies.signInHeading', defaultMessage: 'Bought on another device, or through a rep?' },
  signInIntro: {
    id: 'myPolicies.signInIntro',
    defaultMessage: 'Enter the e-mail address your application gave. We send a code there, and every policy of that address opens here.',
  },
  sent: {
    id: 'myPolicies.sent',
    defaultMessage: 'If {to} holds a policy here, a code is on its way. It works for {minutes} minutes.',
  },
  signIn: { id: 'myPolicies.signIn', defaultMessage: 'Show my policies' },
  signedIn: {
    id: 'myPolicies.signedIn',
    defaultMessage: '{count, plural, one {# policy opens on this browser.} other {# policies open on this browser.}}',
  },
});
