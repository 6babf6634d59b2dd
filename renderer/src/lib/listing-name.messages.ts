// The words of listing-name.ts, so that they load with it.
import { defineMessages } from './i18n';

export const m = defineMessages({
  // A listing of several kinds of plan, as a breadcrumb names it.
  plans: { id: 'common.plans', defaultMessage: 'Plans' },
});
