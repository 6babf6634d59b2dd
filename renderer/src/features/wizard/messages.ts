import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  stepNotLoaded: { id: 'wizard.stepNotLoaded', defaultMessage: 'This step could not be loaded.' },
  // The review's cards and summary.
  cardHeading: { id: 'wizard.cardHeading', defaultMessage: '{number}. {title}' },
  viewDetails: { id: 'wizard.viewDetails', defaultMessage: 'View Details<hidden> of {title}</hidden>' },
  edit: { id: 'wizard.edit', defaultMessage: 'Edit<hidden> {title}</hidden>' },
  nothingAsked: { id: 'wizard.nothingAsked', defaultMessage: 'Nothing was asked on this step.' },
  plansHeading: { id: 'wizard.plansHeading', defaultMessage: 'Your plans' },
  firstMonthTotal: { id: 'wizard.firstMonthTotal', defaultMessage: 'First Month Total Cost' },
  recurringMonthly: { id: 'wizard.recurringMonthly', defaultMessage: 'Recurring Monthly Cost' },
  ok: { id: 'wizard.ok', defaultMessage: 'OK' },
  // The step's buttons.
  next: { id: 'wizard.next', defaultMessage: 'Next' },
  saveForLater: { id: 'wizard.saveForLater', defaultMessage: 'Save & Continue Later' },
  // A step opened before its turn.
  earlierStepsFirst: { id: 'wizard.earlierStepsFirst', defaultMessage: 'Please complete the earlier steps first' },
  savedWhereYouWere: {
    id: 'wizard.savedWhereYouWere',
    defaultMessage: 'Your application is saved at the step you reached. Continue from there; this step opens when its turn comes.',
  },
  currentStepLost: { id: 'wizard.currentStepLost', defaultMessage: 'Your current step could not be found. Please try again.' },
  goToCurrentStep: { id: 'wizard.goToCurrentStep', defaultMessage: 'Go to my current step' },
  // Save & Continue Later.
  alternateEmail: { id: 'wizard.alternateEmail', defaultMessage: 'Please enter the alternate email you want to send Enrollment code to?' },
  sendCode: { id: 'wizard.sendCode', defaultMessage: 'Send Code' },
  done: { id: 'wizard.done', defaultMessage: 'Done' },
  // The review's failure dialog.
  reviewTitle: { id: 'wizard.reviewTitle', defaultMessage: 'Review & Confirmation' },
  somethingWentWrong: { id: 'wizard.somethingWentWrong', defaultMessage: 'Something went wrong. Please save your enrollment.' },
  saveAndContinueLater: { id: 'wizard.saveAndContinueLater', defaultMessage: 'Save and Continue Later' },
  // The steps still to finish.
  beforeSubmit: { id: 'wizard.beforeSubmit', defaultMessage: 'Before you submit' },
  notComplete: {
    id: 'wizard.notComplete',
    defaultMessage: 'Your application is not complete yet. Finish {count, plural, one {this step} other {these steps}}, then submit:',
  },
  unfinishedStep: { id: 'wizard.unfinishedStep', defaultMessage: '<step>{name}</step> <reason>{why}</reason>' },
  notStarted: { id: 'wizard.notStarted', defaultMessage: 'Not filled in yet' },
  savedForLater: { id: 'wizard.savedForLater', defaultMessage: 'Saved for later but not finished' },
  needsAttention: { id: 'wizard.needsAttention', defaultMessage: 'Some answers need your attention' },
});
