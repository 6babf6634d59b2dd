// The words of entry-status.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  opening: { id: 'site.opening', defaultMessage: 'Opening the store…' },
});
