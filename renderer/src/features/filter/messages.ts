import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  welcome: { id: 'filter.welcome', defaultMessage: "Welcome to the Benefit Store, Let's Get Started" },
  lead: { id: 'filter.lead', defaultMessage: 'Tell us a little about yourself to see plans and prices for your ZIP code.' },
  submit: { id: 'filter.submit', defaultMessage: 'Submit' },
  next: { id: 'filter.next', defaultMessage: 'Next' },
  steps: { id: 'filter.steps', defaultMessage: 'Steps' },
  zipCode: { id: 'filter.zipCode', defaultMessage: 'Zip Code' },
  gender: { id: 'filter.gender', defaultMessage: 'Gender' },
  smoker: { id: 'filter.smoker', defaultMessage: 'Smoker' },
  chooseTier: { id: 'filter.chooseTier', defaultMessage: 'Choose Tier' },
  selectTier: { id: 'filter.selectTier', defaultMessage: 'Select a tier' },
  dob: { id: 'filter.dob', defaultMessage: 'DOB' },
  dateFormat: { id: 'filter.dateFormat', defaultMessage: 'mm/dd/yyyy' },
  finding: { id: 'filter.finding', defaultMessage: 'Finding the plans available in {city}, {state}…' },
  required: { id: 'filter.required', defaultMessage: 'Field is required' },
  notValid: { id: 'filter.notValid', defaultMessage: 'This value is not valid' },
});
