import { useT } from '../../../lib/i18n';
import { formatDateInput } from '../../../utils/date-input';
import { m } from '../messages';
import { choicesOf } from '../utils/new-user-form';
import type { FilterSchema, NewUserAnswers, StepErrors } from '../utils/new-user-steps';
import { FieldError, Radios } from './new-user-fields';

/** What a step's questions are drawn with: the answers and their messages, and where the step's first question is kept. */
export interface QuestionsProps {
  form: FilterSchema | null;
  answers: NewUserAnswers;
  errors: StepErrors;
  set: (name: keyof NewUserAnswers) => (value: string) => void;
  /** Keeps the step's first question, which takes the focus when the step is new. */
  first: (el: HTMLElement | null) => void;
}

/** The first step: the ZIP code, digits only, as long as the server's form bounds it; it waits while its plans are found. */
export function ZipQuestion({ form, answers, errors, set, first, finding }: QuestionsProps & { finding: boolean }) {
  const t = useT();
  // The ZIP code's length, as the server's form bounds it (typing stops there).
  const zipLength = form?.properties?.zip?.maxLength;
  return (
    <div className="form-group">
      <label htmlFor="nu-zip" className="control-label">
        {t(m.zipCode)}
      </label>
      <input
        id="nu-zip"
        ref={(el) => {
          first(el);
        }}
        className="form-control"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={zipLength}
        value={answers.zip}
        disabled={finding}
        aria-invalid={errors.zip ? true : undefined}
        aria-describedby={errors.zip ? 'nu-zip-error' : undefined}
        onChange={(e) => set('zip')(e.target.value.replace(/\D/g, '').slice(0, zipLength))}
      />
      <FieldError id="nu-zip-error" message={errors.zip} />
    </div>
  );
}

/** The second step: gender and smoker status, as the server's form names their choices. */
export function PersonQuestions({ form, answers, errors, set, first }: QuestionsProps) {
  const t = useT();
  return (
    <div
      className="step-fields"
      ref={(el) => {
        first(el?.querySelector('input') ?? null);
      }}
    >
      <Radios name="gender" legend={t(m.gender)} choices={choicesOf(form, 'gender')} value={answers.gender} onChange={set('gender')} invalid={Boolean(errors.step) && !answers.gender} />
      <Radios name="is_smoker" legend={t(m.smoker)} choices={choicesOf(form, 'is_smoker')} value={answers.is_smoker} onChange={set('is_smoker')} invalid={Boolean(errors.step) && !answers.is_smoker} />
      <FieldError id="nu-gender-error" message={errors.gender ?? errors.is_smoker} />
    </div>
  );
}

/** The last step: the tier of coverage and the date of birth (typed, its slashes added). */
export function CoverageQuestions({ form, answers, errors, set, first }: QuestionsProps) {
  const t = useT();
  return (
    <div className="step-fields">
      <div className="form-group">
        <label htmlFor="nu-tier" className="control-label">
          {t(m.chooseTier)}
        </label>
        <select
          id="nu-tier"
          ref={(el) => {
            first(el);
          }}
          className="form-control"
          value={answers.tier}
          aria-invalid={errors.tier ? true : undefined}
          aria-describedby={errors.tier ? 'nu-tier-error' : undefined}
          onChange={(e) => set('tier')(e.target.value)}
        >
          <option value="">{t(m.selectTier)}</option>
          {choicesOf(form, 'tier').map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <FieldError id="nu-tier-error" message={errors.tier} />
      </div>
      <div className="form-group">
        <label htmlFor="nu-dob" className="control-label">
          {t(m.dob)}
        </label>
        <input
          id="nu-dob"
          className="form-control"
          inputMode="numeric"
          placeholder={t(m.dateFormat)}
          maxLength={10}
          value={answers.dob}
          aria-invalid={errors.dob ? true : undefined}
          aria-describedby={errors.dob ? 'nu-dob-error nu-dob-hint' : 'nu-dob-hint'}
          onChange={(e) => set('dob')(formatDateInput(e.target.value))}
        />
        <p id="nu-dob-hint" className="hint">
          {t(m.dateFormat)}
        </p>
        <FieldError id="nu-dob-error" message={errors.dob} />
      </div>
    </div>
  );
}
