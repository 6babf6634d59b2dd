// The words of error-summary.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // error-summary.tsx
  labelled: { id: 'components.labelled', defaultMessage: '{label}: {message}' },
  andMore: { id: 'components.andMore', defaultMessage: '{names} and {count} more' },
  needAttention: { id: 'components.needAttention', defaultMessage: '{names} need your attention' },
  itemTitle: { id: 'components.itemTitle', defaultMessage: 'Item #{n}' },
  correctProblems: { id: 'components.correctProblems', defaultMessage: 'Please correct {count, plural, one {# problem} other {# problems}}' },
});
