// The referral and new-user banner asks its questions in three steps: the ZIP code; gender and smoker status; the tier
// and date of birth. Each step is checked before the next (in the browser, for speed: the server checks all again).

export interface NewUserAnswers {
  zip: string;
  gender: string;
  is_smoker: string;
  tier: string;
  dob: string;
}

export type Step = 1 | 2 | 3;
export type StepErrors = Partial<Record<keyof NewUserAnswers | 'step', string>>;

export const REQUIRED = 'Field is required';
export const BOTH_FIELDS = 'Please fill the both fields.';

/** Which step asks a field: the server's message for a field is shown on its step. */
export const STEP_OF: Record<string, Step> = { zip: 1, zip_code: 1, gender: 2, is_smoker: 2, tier: 3, dob: 3 };

/** Whole years from `dob` (MM/DD/YYYY) to `today`; null when it is not a real date. */
export function ageOn(dob: string, today: Date): number | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  let age = today.getFullYear() - year;
  if (today.getMonth() < month - 1 || (today.getMonth() === month - 1 && today.getDate() < day)) age -= 1;
  return age;
}

/** The messages of one step's answers; none when the step may go on. */
export function checkStep(step: Step, answers: NewUserAnswers, today = new Date()): StepErrors {
  if (step === 1) {
    if (!answers.zip) return { zip: REQUIRED };
    if (!/^\d{5}$/.test(answers.zip)) return { zip: 'Invalid Zip code' };
    return {};
  }
  if (step === 2) {
    return answers.gender && answers.is_smoker ? {} : { step: BOTH_FIELDS };
  }
  const errors: StepErrors = {};
  if (!answers.tier) errors.tier = REQUIRED;
  if (!answers.dob) errors.dob = REQUIRED;
  else {
    const age = ageOn(answers.dob, today);
    if (age === null) errors.dob = 'Please enter a valid date (MM/DD/YYYY)';
    else if (age < 18) errors.dob = 'You must be 18 years to proceed';
  }
  return errors;
}
