// The referral and new-user banner asks its questions in three steps: the ZIP code; gender and smoker status; the tier
// and date of birth. Each step is checked before the next (in the browser, for speed: the server checks all again),
// by the rules of the server's filter form: its ZIP code pattern and words, its date of birth's checks (a real date,
// the age to enroll). None of them is written here.
import { type Checked, checksOf, problem, todayYmd } from '../../../lib/checks';

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

/** A property of the server's filter form, as far as the steps read it. */
export interface FilterProperty extends Checked {
  pattern?: string;
  maxLength?: number;
  title?: string;
  oneOf?: { const?: unknown; title?: string }[];
}

/** The server's filter form (`filter-form`'s schema), as far as the steps read it. */
export interface FilterSchema {
  properties?: Record<string, FilterProperty>;
}

/** Which step asks a field: the server's message for a field is shown on its step. */
export const STEP_OF: Record<string, Step> = { zip: 1, zip_code: 1, gender: 2, is_smoker: 2, tier: 3, dob: 3 };

/** What a text answer breaks of its property's rules (its pattern, then its checks), in the property's words. */
function textProblem(prop: FilterProperty | undefined, value: string, siblings: Record<string, unknown>, today: [number, number, number]): string | null {
  if (!prop) return null;
  if (prop.pattern && !new RegExp(prop.pattern).test(value)) return prop['x-messages']?.pattern ?? 'This value is not valid';
  for (const check of checksOf(prop)) {
    const found = problem(check, prop, value, siblings, today);
    if (found) return found;
  }
  return null;
}

/** The messages of one step's answers by the form's rules; none when the step may go on (or the form is not here yet:
 * the server then answers). */
export function checkStep(step: Step, answers: NewUserAnswers, form: FilterSchema | null, today = todayYmd()): StepErrors {
  const props = form?.properties ?? {};
  const required = (name: string) => props[name]?.['x-messages']?.required ?? REQUIRED;
  const siblings = answers as unknown as Record<string, unknown>;
  if (step === 1) {
    if (!answers.zip) return { zip: required('zip') };
    const zip = textProblem(props.zip, answers.zip, siblings, today);
    return zip ? { zip } : {};
  }
  if (step === 2) {
    return answers.gender && answers.is_smoker ? {} : { step: BOTH_FIELDS };
  }
  const errors: StepErrors = {};
  if (!answers.tier) errors.tier = required('tier');
  if (!answers.dob) errors.dob = required('dob');
  else {
    const dob = textProblem(props.dob, answers.dob, siblings, today);
    if (dob) errors.dob = dob;
  }
  return errors;
}
