// The words of notice-dialog.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  ok: { id: 'recommend.ok', defaultMessage: 'OK' },
});
