import type { ApiError } from '../../../lib/api';
import { stepOf, type FilterSchema, type FormPart, type Step, type StepErrors } from './new-user-steps';

export interface Choice {
  value: string;
  label: string;
}

/** The choices (`oneOf` of consts) of a property of the server's filter form: the genders and tiers as it names them. */
export function choicesOf(form: FilterSchema | null, name: string): Choice[] {
  const property = form?.properties?.[name];
  return (property?.oneOf ?? []).filter((c) => typeof c.const === 'string').map((c) => ({ value: String(c.const), label: c.title ?? String(c.const) }));
}

/**
 * A refusal of the server's as the banner shows it: each field's message on the step that asks the field, and the
 * earliest such step to go back to (`step`); a refusal of no field is the step's, where it is (no `step`).
 */
export function serverErrorsOf(e: ApiError, parts: FormPart[]): { errors: StepErrors; step?: Step } {
  if (e.fields.length === 0) return { errors: { step: e.message } };
  const shown: StepErrors = {};
  let earliest: Step = 3;
  for (const f of e.fields) {
    const field = f.target_element === 'zip_code' ? 'zip' : f.target_element;
    const at = stepOf(parts, field);
    if (!at) {
      shown.step ??= f.error_message;
      continue;
    }
    (shown as Record<string, string>)[field] ??= f.error_message;
    earliest = Math.min(earliest, at) as Step;
  }
  return { errors: shown, step: earliest };
}
