// The words of recommended-button.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  viewRecommended: { id: 'recommend.viewRecommended', defaultMessage: 'View Your Recommended Products' },
});
