import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to content' },
  storeName: { id: 'app.storeName', defaultMessage: 'Benefit Store' },
});
