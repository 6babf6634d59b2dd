// The shared components' words (`components.<key>`), in English; src/locales/<lang>/components.json holds the others.
import { defineMessages } from '../lib/i18n';

export { inEnglish as english, type Translate } from '../lib/i18n';


export const m = defineMessages({
  // lazy-schema-form.tsx, drawn while a form's library loads.
  loadingForm: { id: 'components.loadingForm', defaultMessage: 'Loading the form…' },
  // query-state.tsx
  loadFailed: { id: 'components.loadFailed', defaultMessage: 'This could not be loaded. Please check your connection and try again.' },
  // Marks: a required field's (plain-form.tsx), a done step's (progress-bar.tsx), an answer left empty (summary-rows.tsx).
  requiredMark: { id: 'components.requiredMark', defaultMessage: '*' },
  doneMark: { id: 'components.doneMark', defaultMessage: '✓' },
  noAnswer: { id: 'components.noAnswer', defaultMessage: '—' },
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
});
