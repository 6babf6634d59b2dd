import { describe, expect, it } from 'vitest';
import { checkStep, type FilterSchema, type FormPart, type NewUserAnswers, stepOf } from './new-user-steps';

const answers = (over: Partial<NewUserAnswers> = {}): NewUserAnswers => ({ zip: '30301', gender: '1', is_smoker: '0', tier: 'IO', dob: '05/20/1980', ...over });
const today: [number, number, number] = [2026, 5, 20];

// The rules come from the server's filter form; this stands in for it with the server's own shapes and words.
const form: FilterSchema = {
  properties: {
    zip: { pattern: '^[0-9]{5}$', 'x-messages': { pattern: 'Invalid Zip code' } },
    tier: { oneOf: [{ const: 'IO', title: 'Member Only' }] },
    dob: {
      pattern: '^(0[1-9]|1[0-2])/(0[1-9]|[12][0-9]|3[01])/[0-9]{4}$',
      'x-checks': [{ check: 'date' }, { check: 'adult', min_age: 18 }],
      'x-messages': { pattern: 'Please enter a valid date (MM/DD/YYYY)' },
    },
  },
};

// The parts as the server's filter step lists them (engine::step::quote_filter).
const parts: FormPart[] = [
  { title: 'Your ZIP code', fields: ['zip'] },
  { title: 'About you', fields: ['gender', 'is_smoker'], required: 'Please fill the both fields.' },
  { title: 'Your coverage', fields: ['tier', 'dob'] },
];

describe('the new-user banner steps, by the server form’s rules', () => {
  it('shows a server message on the step that asks its field', () => {
    expect(stepOf(parts, 'zip_code')).toBe(1);
    expect(stepOf(parts, 'is_smoker')).toBe(2);
    expect(stepOf(parts, 'dob')).toBe(3);
    expect(stepOf(parts, 'group_id')).toBeUndefined();
  });

  it('asks for a zip code as the form’s pattern says, in its words', () => {
    expect(checkStep(1, answers({ zip: '' }), form, parts, today)).toEqual({ zip: 'Field is required' });
    expect(checkStep(1, answers({ zip: '3030' }), form, parts, today)).toEqual({ zip: 'Invalid Zip code' });
    expect(checkStep(1, answers(), form, parts, today)).toEqual({});
  });

  it('says both fields are needed when gender or smoker status is missing', () => {
    expect(checkStep(2, answers({ is_smoker: '' }), form, parts, today)).toEqual({ step: 'Please fill the both fields.' });
    expect(checkStep(2, answers({ gender: '' }), form, parts, today)).toEqual({ step: 'Please fill the both fields.' });
    expect(checkStep(2, answers(), form, parts, today)).toEqual({});
  });

  it('turns away anyone under the form’s age to enroll, on the birthday no longer', () => {
    expect(checkStep(3, answers({ dob: '05/21/2008' }), form, parts, today)).toEqual({ dob: 'You must be 18 years to proceed' });
    expect(checkStep(3, answers({ dob: '05/20/2008' }), form, parts, today)).toEqual({});
    expect(checkStep(3, answers({ tier: '', dob: '' }), form, parts, today)).toEqual({ tier: 'Field is required', dob: 'Field is required' });
  });

  it('does not take a date that does not exist', () => {
    expect(checkStep(3, answers({ dob: '02/30/1980' }), form, parts, today)).toEqual({ dob: 'Please enter a valid date (MM/DD/YYYY)' });
  });

  it('leaves the checks to the server while the form is not here', () => {
    expect(checkStep(1, answers({ zip: '3030' }), null, parts, today)).toEqual({});
  });
});
