// The words of featured-plans.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  featured: { id: 'plans.featured', defaultMessage: 'Featured Plans' },
  featuredLead: { id: 'plans.featuredLead', defaultMessage: 'Popular choices from our carriers.' },
  from: { id: 'plans.from', defaultMessage: 'From' },
});
