// The words of plan-card.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // plan-card.tsx
  compare: { id: 'components.compare', defaultMessage: 'Compare<hidden> {name}</hidden>' },
  startingFrom: { id: 'components.startingFrom', defaultMessage: 'Starting From' },
  price: { id: 'components.price', defaultMessage: '{label} {price}<per>/mo</per>' },
  startingFromPrice: { id: 'components.startingFromPrice', defaultMessage: 'Starting From {price}<per>/mo</per>' },
  priceNote: { id: 'components.priceNote', defaultMessage: "Your price after a few questions on the plan's page" },
  yearlyCost: {
    id: 'components.yearlyCost',
    defaultMessage:
      'Estimated yearly cost <strong>{cost}</strong> <per>({usage, select, low {low} medium {medium} high {high} other {{usage}}} use)</per> <explain>How we estimate this<hidden> for {name}</hidden></explain>',
  },
  moreInfo: { id: 'components.moreInfo', defaultMessage: 'More Info<hidden> about {name}</hidden>' },
});
