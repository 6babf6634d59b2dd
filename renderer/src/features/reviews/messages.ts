import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  title: { id: 'reviews.title', defaultMessage: 'Documents to review' },
  linkFailed: { id: 'reviews.linkFailed', defaultMessage: 'This sign-in link does not work any more: it works once, for 15 minutes. Please ask for a new one.' },
  signedInAs: { id: 'reviews.signedInAs', defaultMessage: 'Signed in as {name}' },
  signOut: { id: 'reviews.signOut', defaultMessage: 'Sign out' },
  signedOut: { id: 'reviews.signedOut', defaultMessage: 'You are signed out.' },
  empty: { id: 'reviews.empty', defaultMessage: 'No document is waiting. Well done.' },
  count: { id: 'reviews.count', defaultMessage: '{count, plural, one {# document waits, oldest first.} other {# documents wait, oldest first.}}' },
  item: { id: 'reviews.item', defaultMessage: '{document} for policy {policy}' },
  applicant: { id: 'reviews.applicant', defaultMessage: 'Applicant: {name}' },
  event: { id: 'reviews.event', defaultMessage: 'Event: {event}, on {date}' },
  waiting: { id: 'reviews.waiting', defaultMessage: 'Waiting to be covered: {people}' },
  sent: { id: 'reviews.sent', defaultMessage: 'Sent {when}; the proof is due by {due}.' },
  history: { id: 'reviews.history', defaultMessage: 'Before: {history}' },
  open: { id: 'reviews.open', defaultMessage: 'Open the file ({type}, {kb} KB)' },
  decision: { id: 'reviews.decision', defaultMessage: 'Your decision' },
  approve: { id: 'reviews.approve', defaultMessage: 'Approve: it proves the event' },
  askAgain: { id: 'reviews.askAgain', defaultMessage: 'Ask for another (unreadable, incomplete, the wrong document)' },
  deny: { id: 'reviews.deny', defaultMessage: 'Deny: the event is not proven' },
  reason: { id: 'reviews.reason', defaultMessage: 'Why? The member reads this.' },
  confirm: { id: 'reviews.confirm', defaultMessage: 'Record the decision' },
});
