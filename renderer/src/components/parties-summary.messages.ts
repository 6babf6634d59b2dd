// The words of parties-summary.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // parties-summary.tsx
  partyMember: { id: 'components.partyMember', defaultMessage: 'Member: {first} {last}' },
  partyGroup: { id: 'components.partyGroup', defaultMessage: 'Your Employer Group: {name}' },
  partyGroupToRep: { id: 'components.partyGroupToRep', defaultMessage: 'Employer Group: {name}' },
  partyPortal: { id: 'components.partyPortal', defaultMessage: 'Portal: {name}' },
  partyRep: { id: 'components.partyRep', defaultMessage: 'Rep: {name}' },
});
