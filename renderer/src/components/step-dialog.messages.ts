// The words of step-dialog.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // step-dialog.tsx
  offerPlan: { id: 'components.offerPlan', defaultMessage: '{plan} ({option}): {price}/mo' },
  together: { id: 'components.together', defaultMessage: 'Together: {price}/mo' },
});
