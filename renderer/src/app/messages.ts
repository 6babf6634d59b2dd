import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  skipToContent: { id: 'app.skipToContent', defaultMessage: 'Skip to content' },
  storeName: { id: 'app.storeName', defaultMessage: 'Benefit Store' },
  notFound: { id: 'app.notFound', defaultMessage: 'OOPS! Page not found' },
  notFoundText: { id: 'app.notFoundText', defaultMessage: 'The page you asked for is not here. It may have moved, or the link may be mistyped.' },
  seePlanPrice: { id: 'app.seePlanPrice', defaultMessage: 'See this plan’s price' },
  seePlanPriceLead: { id: 'app.seePlanPriceLead', defaultMessage: 'Tell us a little about yourself to see this plan priced for you.' },
});
