// The words of recommended-panel.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  title: { id: 'recommend.title', defaultMessage: 'Recommended Products' },
  viewAll: { id: 'recommend.viewAll', defaultMessage: 'View All' },
  viewAllRecommended: { id: 'recommend.viewAllRecommended', defaultMessage: 'View All<hidden> recommended products</hidden>' },
  viewLess: { id: 'recommend.viewLess', defaultMessage: 'View Less' },
});
