// The words of filter-summary.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // filter-summary.tsx
  filterSummary: {
    id: 'components.filterSummary',
    defaultMessage:
      'Zip {zip} · {gender, select, female {Female} other {Male}}{smoker, select, yes { · Smoker: Yes} no { · Smoker: No} other {}} · {tier} · DOB {dob} · <edit>Edit<hidden> your information</hidden></edit>',
  },
});
