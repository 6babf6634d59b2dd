// The shared components' words (`components.<key>`), in English; src/locales/<lang>/components.json holds the others.
import { defineMessages } from '../lib/i18n';

// The spec's messages for rjsf's errors live in field-messages.ts; they are named here too, where features find them.
export { everyProperty, schemaAt, transformErrors } from './field-messages';
export { inEnglish as english, type Translate } from '../lib/i18n';

export const m = defineMessages({
  // query-state.tsx
  loadFailed: { id: 'components.loadFailed', defaultMessage: 'This could not be loaded. Please check your connection and try again.' },

  // plan-card.tsx
  compare: { id: 'components.compare', defaultMessage: 'Compare<hidden> {name}</hidden>' },
  startingFrom: { id: 'components.startingFrom', defaultMessage: 'Starting From' },
  price: { id: 'components.price', defaultMessage: '{label} {price}<per>/mo</per>' },
  startingFromPrice: { id: 'components.startingFromPrice', defaultMessage: 'Starting From {price}<per>/mo</per>' },
  priceNote: { id: 'components.priceNote', defaultMessage: "Your price after a few questions on the plan's page" },
  yearlyCost: {
    id: 'components.yearlyCost',
    defaultMessage:
      'Estimated yearly cost <strong>{cost}</strong> <per>({usage, select, low {low} medium {medium} high {high} other {{usage}}} use)</per> <explain>How we estimate this<hidden> for {name}</hidden></explain>',
  },
  moreInfo: { id: 'components.moreInfo', defaultMessage: 'More Info<hidden> about {name}</hidden>' },

  // filter-summary.tsx
  filterSummary: {
    id: 'components.filterSummary',
    defaultMessage:
      'Zip {zip} · {gender, select, female {Female} other {Male}}{smoker, select, yes { · Smoker: Yes} no { · Smoker: No} other {}} · {tier} · DOB {dob} · <edit>Edit<hidden> your information</hidden></edit>',
  },

  // per-paycheck.tsx
  perPaycheck: { id: 'components.perPaycheck', defaultMessage: '{amount} per paycheck ({label})' },

  // plan-documents.tsx
  document: {
    id: 'components.document',
    defaultMessage: '<link>{title}<hidden> of {plan} (PDF, opens in a new window)</hidden></link> <badge>PDF</badge>',
  },

  // Marks: a required field's (plain-form.tsx), a done step's (progress-bar.tsx), an answer left empty (summary-rows.tsx).
  requiredMark: { id: 'components.requiredMark', defaultMessage: '*' },
  doneMark: { id: 'components.doneMark', defaultMessage: '✓' },
  noAnswer: { id: 'components.noAnswer', defaultMessage: '—' },

  // progress-bar.tsx
  progress: { id: 'components.progress', defaultMessage: 'Enrollment progress' },
  stepOf: { id: 'components.stepOf', defaultMessage: '<count>Step {step} of {steps}:</count> <current>{title}</current>' },
  stepLabel: {
    id: 'components.stepLabel',
    defaultMessage: '{title}<hidden> ({status, select, done {completed} current {current step} todo {not started} other {{status}}})</hidden>',
  },

  // parties-summary.tsx
  partyMember: { id: 'components.partyMember', defaultMessage: 'Member: {first} {last}' },
  partyGroup: { id: 'components.partyGroup', defaultMessage: 'Your Employer Group: {name}' },
  partyPortal: { id: 'components.partyPortal', defaultMessage: 'Portal: {name}' },
  partyRep: { id: 'components.partyRep', defaultMessage: 'Rep: {name}' },

  // schema-form.tsx, lazy-schema-form.tsx, widgets.tsx
  loadingList: { id: 'components.loadingList', defaultMessage: 'Loading the list…' },
  lookupFailed: { id: 'components.lookupFailed', defaultMessage: 'The lookup failed' },
  loadingForm: { id: 'components.loadingForm', defaultMessage: 'Loading the form…' },
  loadingSignature: { id: 'components.loadingSignature', defaultMessage: 'Loading the signature pad…' },

  // rjsf's own words (its TranslatableString), as the forms show them: the list buttons and a yes-or-no choice.
  add: { id: 'components.add', defaultMessage: 'Add' },
  remove: { id: 'components.remove', defaultMessage: 'Remove' },
  moveUp: { id: 'components.moveUp', defaultMessage: 'Move up' },
  moveDown: { id: 'components.moveDown', defaultMessage: 'Move down' },
  copy: { id: 'components.copy', defaultMessage: 'Copy' },
  yes: { id: 'components.yes', defaultMessage: 'Yes' },
  no: { id: 'components.no', defaultMessage: 'No' },

  // text-formats.ts: what a text field shows before anything is typed.
  dateHint: { id: 'components.dateHint', defaultMessage: 'MM/DD/YYYY' },
  ssnHint: { id: 'components.ssnHint', defaultMessage: '9 digits, e.g. 123456789' },
  phoneHint: { id: 'components.phoneHint', defaultMessage: 'e.g. 4045550134' },
  zipHint: { id: 'components.zipHint', defaultMessage: '5-digit ZIP code' },

  // The engine's words for a field's problem its `x-messages` does not word (field-messages.ts, plain-form.tsx,
  // modal-field-widget.tsx).
  fieldRequired: { id: 'components.fieldRequired', defaultMessage: 'Field is required' },
  chooseAnOption: { id: 'components.chooseAnOption', defaultMessage: 'Please choose one of the options' },
  tooLong: { id: 'components.tooLong', defaultMessage: 'This value is too long' },
  notInFormat: { id: 'components.notInFormat', defaultMessage: 'This value is not in the expected format' },
  notValid: { id: 'components.notValid', defaultMessage: 'This value is not valid' },
  // plain-form.tsx: ajv's words, where the schema gives none.
  mustBeType: { id: 'components.mustBeType', defaultMessage: 'must be {type}' },
  fewerThan: { id: 'components.fewerThan', defaultMessage: 'must NOT have fewer than {limit} characters' },
  moreThan: { id: 'components.moreThan', defaultMessage: 'must NOT have more than {limit} characters' },
  mustMatch: { id: 'components.mustMatch', defaultMessage: 'must match pattern "{pattern}"' },
  atLeast: { id: 'components.atLeast', defaultMessage: 'must be >= {limit}' },
  atMost: { id: 'components.atMost', defaultMessage: 'must be <= {limit}' },

  // modal-field-widget.tsx
  fieldValue: { id: 'components.fieldValue', defaultMessage: '{label}: <strong>{value}</strong>' },
  enterField: { id: 'components.enterField', defaultMessage: 'Enter {label}' },
  save: { id: 'components.save', defaultMessage: 'Save' },

  // signature-widget.tsx
  signatureTyped: { id: 'components.signatureTyped', defaultMessage: 'Your signature: {name}' },
  signatureTypedEmpty: { id: 'components.signatureTypedEmpty', defaultMessage: 'Your signature: type your name above' },
  signaturePad: { id: 'components.signaturePad', defaultMessage: 'Signature pad: sign with your mouse, pen or finger' },
  typedHint: { id: 'components.typedHint', defaultMessage: 'Your typed name, drawn as your signature.' },
  keyboardHint: { id: 'components.keyboardHint', defaultMessage: 'To sign with the keyboard instead, choose “{option}” above.' },
  typeMyName: { id: 'components.typeMyName', defaultMessage: 'Type my name' },
  clear: { id: 'components.clear', defaultMessage: 'Clear' },

  // error-summary.tsx
  labelled: { id: 'components.labelled', defaultMessage: '{label}: {message}' },
  andMore: { id: 'components.andMore', defaultMessage: '{names} and {count} more' },
  needAttention: { id: 'components.needAttention', defaultMessage: '{names} need your attention' },
  itemTitle: { id: 'components.itemTitle', defaultMessage: 'Item #{n}' },
  correctProblems: { id: 'components.correctProblems', defaultMessage: 'Please correct {count, plural, one {# problem} other {# problems}}' },

  // step-dialog.tsx
  offerPlan: { id: 'components.offerPlan', defaultMessage: '{plan} ({option}): {price}/mo' },
  together: { id: 'components.together', defaultMessage: 'Together: {price}/mo' },

  // list-editor.tsx
  holdNext: { id: 'components.holdNext', defaultMessage: 'Please submit the edited form first to continue' },
  holdRemove: { id: 'components.holdRemove', defaultMessage: 'Please submit the edited form first to delete' },
  holdAdd: { id: 'components.holdAdd', defaultMessage: 'Please submit the edited form first to add dep' },
  born: { id: 'components.born', defaultMessage: 'born {date}' },
  item: { id: 'components.item', defaultMessage: 'item' },
  noneYet: { id: 'components.noneYet', defaultMessage: 'None added yet.' },
  rowFault: { id: 'components.rowFault', defaultMessage: '<alert> Please edit {title}: {fault}</alert>' },
  edit: { id: 'components.edit', defaultMessage: 'Edit<hidden> {title}</hidden>' },
  delete: { id: 'components.delete', defaultMessage: 'Delete<hidden> {title}</hidden>' },
  correctItem: { id: 'components.correctItem', defaultMessage: 'Please correct {title}: {message}' },
  correctItemNamed: { id: 'components.correctItemNamed', defaultMessage: 'Please correct {title} ({summary}): {message}' },
  submit: { id: 'components.submit', defaultMessage: 'Submit' },
  clickToAdd: { id: 'components.clickToAdd', defaultMessage: 'Click to add {noun}' },
  addNoun: { id: 'components.addNoun', defaultMessage: 'Add {noun}' },
});
