import { describe, expect, it } from 'vitest';
import { ageOn, checkStep, type NewUserAnswers } from './new-user-steps';

const answers = (over: Partial<NewUserAnswers> = {}): NewUserAnswers => ({ zip: '30301', gender: '1', is_smoker: '0', tier: 'IO', dob: '05/20/1980', ...over });
const today = new Date(2026, 4, 20);

describe('the new-user banner steps', () => {
  it('asks for a zip code of five digits', () => {
    expect(checkStep(1, answers({ zip: '' }), today)).toEqual({ zip: 'Field is required' });
    expect(checkStep(1, answers({ zip: '3030' }), today)).toEqual({ zip: 'Invalid Zip code' });
    expect(checkStep(1, answers(), today)).toEqual({});
  });

  it('says both fields are needed when gender or smoker status is missing', () => {
    expect(checkStep(2, answers({ is_smoker: '' }), today)).toEqual({ step: 'Please fill the both fields.' });
    expect(checkStep(2, answers({ gender: '' }), today)).toEqual({ step: 'Please fill the both fields.' });
    expect(checkStep(2, answers(), today)).toEqual({});
  });

  it('turns away anyone under 18, on the day of the 18th birthday no longer', () => {
    expect(checkStep(3, answers({ dob: '05/21/2008' }), today)).toEqual({ dob: 'You must be 18 years to proceed' });
    expect(checkStep(3, answers({ dob: '05/20/2008' }), today)).toEqual({});
    expect(checkStep(3, answers({ tier: '', dob: '' }), today)).toEqual({ tier: 'Field is required', dob: 'Field is required' });
  });

  it('does not take a date that does not exist', () => {
    expect(ageOn('02/30/1980', today)).toBeNull();
    expect(checkStep(3, answers({ dob: '02/30/1980' }), today)).toEqual({ dob: 'Please enter a valid date (MM/DD/YYYY)' });
  });
});
