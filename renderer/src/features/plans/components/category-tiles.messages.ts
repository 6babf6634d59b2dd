// The words of category-tiles.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  plans: { id: 'plans.plans', defaultMessage: 'Plans' },
  plansLead: { id: 'plans.plansLead', defaultMessage: 'Browse every kind of coverage the store offers. Prices come when you are ready.' },
});
