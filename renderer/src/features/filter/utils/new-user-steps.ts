// The referral and new-user banner asks its questions a part at a time, as the server's filter step says (`parts`:
// the ZIP code; gender and smoker status; the tier and date of birth). Each part is checked before the next (in the
// browser, for speed: the server checks all again), by the rules of the server's filter form: its ZIP code pattern
// and words, its date of birth's checks (a real date, the age to enroll), a part's own words for an empty field. None
// of them is written here; only the words for a field the form has none for are the page's (in its language).
import { type Checked, checksOf, problem, todayYmd } from '../../../lib/checks';
import { m } from '../messages';
import { inEnglish, type Translate } from '../../../lib/i18n';

export interface NewUserAnswers {
  zip: string;
  gender: string;
  is_smoker: string;
  tier: string;
  dob: string;
}

export type Step = 1 | 2 | 3;
export type StepErrors = Partial<Record<keyof NewUserAnswers | 'step', string>>;

/** A part of the form, as the server's step lists it: its fields, and its words when one is left empty. */
export interface FormPart {
  title: string;
  fields: string[];
  required?: string | null;
}

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

/** Which step (from 1) asks a field, by the server's parts: the server's message for a field is shown on its step. */
export function stepOf(parts: FormPart[], field: string): Step | undefined {
  // validate-zip-code names its field zip_code.
  const name = field === 'zip_code' ? 'zip' : field;
  const index = parts.findIndex((p) => p.fields.includes(name));
  return index < 0 ? undefined : ((index + 1) as Step);
}

/** What a text answer breaks of its property's rules (its pattern, then its checks), in the property's words. */
function textProblem(prop: FilterProperty | undefined, value: string, siblings: Record<string, unknown>, today: [number, number, number], t: Translate): string | null {
  if (!prop) return null;
  if (prop.pattern && !new RegExp(prop.pattern).test(value)) return prop['x-messages']?.pattern ?? t(m.notValid);
  for (const check of checksOf(prop)) {
    const found = problem(check, prop, value, siblings, today);
    if (found) return found;
  }
  return null;
}

/** The messages of one step's answers by the form's rules; none when the step may go on (or the form is not here yet:
 * the server then answers). Words the form has none for are said by `t`, in the page's language (English without). */
export function checkStep(step: Step, answers: NewUserAnswers, form: FilterSchema | null, parts: FormPart[], today = todayYmd(), t: Translate = inEnglish): StepErrors {
  const part = parts[step - 1];
  if (!form || !part) return {};
  const props = form.properties ?? {};
  const siblings = answers as unknown as Record<string, unknown>;
  const value = (name: string) => String(siblings[name] ?? '');
  const empty = part.fields.filter((name) => !value(name));
  // A part with words of its own for an empty field says them once for the part.
  if (empty.length > 0 && part.required) return { step: part.required };
  const errors: StepErrors = {};
  for (const name of part.fields) {
    const found = value(name) ? textProblem(props[name], value(name), siblings, today, t) : (props[name]?.['x-messages']?.required ?? t(m.required));
    if (found) (errors as Record<string, string>)[name] = found;
  }
  return errors;
}
