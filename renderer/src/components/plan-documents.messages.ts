// The words of plan-documents.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // plan-documents.tsx
  document: {
    id: 'components.document',
    defaultMessage: '<link>{title}<hidden> of {plan} (PDF, opens in a new window)</hidden></link> <badge>PDF</badge>',
  },
});
