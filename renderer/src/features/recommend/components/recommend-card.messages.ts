// The words of recommend-card.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  moreInfo: { id: 'recommend.moreInfo', defaultMessage: 'More Info<hidden>: {name}</hidden>' },
  pricedByCarrier: { id: 'recommend.pricedByCarrier', defaultMessage: 'Priced by the carrier' },
  startingFrom: { id: 'recommend.startingFrom', defaultMessage: '<from>Starting From:</from> {price}<per>/mo</per>' },
});
