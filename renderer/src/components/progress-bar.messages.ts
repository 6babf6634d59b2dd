// The words of progress-bar.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // progress-bar.tsx
  progress: { id: 'components.progress', defaultMessage: 'Enrollment progress' },
  stepOf: { id: 'components.stepOf', defaultMessage: '<count>Step {step} of {steps}:</count> <current>{title}</current>' },
  stepLabel: {
    id: 'components.stepLabel',
    defaultMessage: '{title}<hidden> ({status, select, done {completed} current {current step} todo {not started} other {{status}}})</hidden>',
  },
});
