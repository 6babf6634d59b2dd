// The words of carousel.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  carousel: { id: 'recommend.carousel', defaultMessage: 'Recommended products' },
  next: { id: 'recommend.next', defaultMessage: 'Next recommended products' },
  previous: { id: 'recommend.previous', defaultMessage: 'Previous recommended products' },
  showing: { id: 'recommend.showing', defaultMessage: 'Showing {from} to {to} of {total}' },
});
