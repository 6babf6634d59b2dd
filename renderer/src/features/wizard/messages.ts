import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  // Signing on the applicant's own device (a rep's Agreement & Signature).
  remoteHeading: { id: 'wizard.remoteHeading', defaultMessage: 'Let the applicant sign on their own device' },
  remoteIntro: {
    id: 'wizard.remoteIntro',
    defaultMessage:
      'Send the application to the applicant to read and sign on their phone or computer. They are asked for their date of birth before it opens. Once they have signed, you see their signature here and submit the application.',
  },
  remoteHow: { id: 'wizard.remoteHow', defaultMessage: 'Send the link by' },
  remoteByEmail: { id: 'wizard.remoteByEmail', defaultMessage: 'E-mail to {email}' },
  remoteByText: { id: 'wizard.remoteByText', defaultMessage: 'Text message to {phone} (a mobile phone)' },
  remoteNoEmail: { id: 'wizard.remoteNoEmail', defaultMessage: 'E-mail (no address on Contact Information)' },
  remoteNoPhone: { id: 'wizard.remoteNoPhone', defaultMessage: 'Text message (no phone number on Contact Information)' },
  remoteTextsKept: {
    id: 'wizard.remoteTextsKept',
    defaultMessage: 'This site has no text message service connected: a text is kept on the server and does not reach the phone. Send it by e-mail instead.',
  },
  remoteSend: { id: 'wizard.remoteSend', defaultMessage: 'Send for signature' },
  remoteSendAgain: { id: 'wizard.remoteSendAgain', defaultMessage: 'Send a new link' },
  remoteSending: { id: 'wizard.remoteSending', defaultMessage: 'Sending…' },
  remoteWaiting: {
    id: 'wizard.remoteWaiting',
    defaultMessage: 'Sent to {to} on {at}. Waiting for the applicant to sign; the link works until {until}. A new link replaces this one.',
  },
  remoteSigned: {
    id: 'wizard.remoteSigned',
    defaultMessage: 'Signed by {name} on {at}, on their own device. Their agreements and signature are below; answer the verification question and choose Next.',
  },
  remoteExpired: { id: 'wizard.remoteExpired', defaultMessage: 'The link sent on {at} expired before it was signed. Send a new one.' },
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
