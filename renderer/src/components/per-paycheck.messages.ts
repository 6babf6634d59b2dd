// The words of per-paycheck.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // per-paycheck.tsx
  perPaycheck: { id: 'components.perPaycheck', defaultMessage: '{amount} per paycheck ({label})' },
  netPerPaycheck: { id: 'components.netPerPaycheck', defaultMessage: 'Your employer pays {employer} a month: you pay {net}, {amount} per paycheck ({label})' },
});
