import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Hero } from '../../../components/hero';
import { Failed } from '../../../components/query-state';
import { formatDateInput } from '../../../utils/date-input';
import { ApiError } from '../../../lib/api';
import { common } from '../../../lib/messages';
import { useT } from '../../../lib/i18n';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { bannerImage } from '../../../lib/site-settings';
import { chosenGroup, tempId } from '../../../lib/storage';
import { addFilterForNewUser } from '../api/add-filter-for-new-user';
import { filterFormQuery } from '../../../lib/filter-form';
import { validateZipCode } from '../api/validate-zip-code';
import { m } from '../messages';
import { checkStep, stepOf, type FilterSchema, type NewUserAnswers, type Step, type StepErrors } from '../utils/new-user-steps';

interface Choice {
  value: string;
  label: string;
}


/** The choices (`oneOf` of consts) of a property of the server's filter form: the genders and tiers as it names them. */
function choicesOf(form: FilterSchema | null, name: string): Choice[] {
  const property = form?.properties?.[name];
  return (property?.oneOf ?? []).filter((c) => typeof c.const === 'string').map((c) => ({ value: String(c.const), label: c.title ?? String(c.const) }));
}

/** The pause after a good ZIP code, while the store looks for the plans sold there. */
const ZIP_PAUSE_MS = 2000;

const EMPTY: NewUserAnswers = { zip: '', gender: '', is_smoker: '', tier: '', dob: '' };

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="error" role="alert">
      {message}
    </p>
  ) : null;
}

function Radios({ name, legend, choices, value, onChange, invalid }: { name: string; legend: string; choices: Choice[]; value: string; onChange: (v: string) => void; invalid: boolean }) {
  return (
    <fieldset className="radio-group" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'nu-step-error' : undefined}>
      <legend className="control-label">{legend}</legend>
      <div className="radio-options">
        {choices.map((c) => (
          <label key={c.value} className="radio-option">
            <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} />
            {c.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The referral and new-user banner: the quote asked in three steps (ZIP code; gender and smoker status; tier and date
 * of birth), with a short pause after the ZIP code while the plans sold there are found. Submit creates the quote
 * (the server attaches the referral the session followed) and opens the plans.
 */
export function NewUserBanner({ referredBy }: { referredBy?: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { site } = useSite();
  const cart = useCartCount();
  const [step, setStep] = useState<Step>(1);
  const [answers, setAnswers] = useState<NewUserAnswers>(EMPTY);
  const [errors, setErrors] = useState<StepErrors>({});
  const [progress, setProgress] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's filter form: its choices and its rules (the ZIP code's pattern, the age to enroll).
  // Asked a part at a time: the form's parts and the smoker question come with it.
  const formRead = useQuery(filterFormQuery({ variant: 'parts' }));
  const form = (formRead.data?.schema as FilterSchema | undefined) ?? null;
  const parts = formRead.data?.parts ?? [];
  const pause = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstField = useRef<HTMLElement | null>(null);
  const shownStep = useRef<Step>(1);

  useEffect(() => () => clearTimeout(pause.current), []);

  // A new step takes the focus to its first question (not on the first draw: the page starts at its top).
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    firstField.current?.focus();
  }, [step]);

  const set = (name: keyof NewUserAnswers) => (value: string) => setAnswers((a) => ({ ...a, [name]: value }));

  const showServerErrors = (e: ApiError) => {
    if (e.fields.length === 0) {
      setErrors({ step: e.message });
      return;
    }
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
    setStep(earliest);
    setErrors(shown);
  };

  const goOn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || progress) return;
    const found = checkStep(step, answers, form, parts, undefined, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step === 2) return setStep(3);
    setBusy(true);
    try {
      if (step === 1) {
        const zip = await validateZipCode({ zip_code: answers.zip });
        setProgress(t(m.finding, { city: zip.city, state: zip.state }));
        pause.current = setTimeout(() => {
          setProgress(null);
          setStep(2);
        }, ZIP_PAUSE_MS);
        return;
      }
      const created = await addFilterForNewUser({ ...answers, group_id: chosenGroup.get() });
      tempId.set(created.temp_enrollment_id);
      cart.refresh();
      navigate('/plans?type=medical');
    } catch (e) {
      if (e instanceof ApiError) showServerErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  // The ZIP code's length, as the server's form bounds it (typing stops there).
  const zipLength = form?.properties?.zip?.maxLength;

  const back = () => {
    setErrors({});
    setStep((s) => Math.max(1, s - 1) as Step);
  };

  return (
    <Hero image={bannerImage(site)} imageLink={site?.branding.image_link} title={t(m.welcome)}>
      {referredBy}
      <ol className="steps" aria-label={t(m.steps)}>
        {parts.map((part, i) => ({ step: (i + 1) as Step, label: part.title })).map((s) => (
          <li key={s.step} className={s.step === step ? 'step-current' : s.step < step ? 'step-done' : undefined} aria-current={s.step === step ? 'step' : undefined}>
            <span className="step-number" aria-hidden="true">
              {s.step}
            </span>
            <span className="step-label">{s.label}</span>
          </li>
        ))}
      </ol>
      <form noValidate onSubmit={(e) => void goOn(e)} className="new-user-form">
        {step === 1 && (
          <div className="form-group">
            <label htmlFor="nu-zip" className="control-label">
              {t(m.zipCode)}
            </label>
            <input
              id="nu-zip"
              ref={(el) => {
                firstField.current = el;
              }}
              className="form-control"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={zipLength}
              value={answers.zip}
              disabled={Boolean(progress)}
              aria-invalid={errors.zip ? true : undefined}
              aria-describedby={errors.zip ? 'nu-zip-error' : undefined}
              onChange={(e) => set('zip')(e.target.value.replace(/\D/g, '').slice(0, zipLength))}
            />
            <FieldError id="nu-zip-error" message={errors.zip} />
          </div>
        )}
        {step === 2 && (
          <div
            className="step-fields"
            ref={(el) => {
              firstField.current = el?.querySelector('input') ?? null;
            }}
          >
            <Radios name="gender" legend={t(m.gender)} choices={choicesOf(form, 'gender')} value={answers.gender} onChange={set('gender')} invalid={Boolean(errors.step) && !answers.gender} />
            <Radios name="is_smoker" legend={t(m.smoker)} choices={choicesOf(form, 'is_smoker')} value={answers.is_smoker} onChange={set('is_smoker')} invalid={Boolean(errors.step) && !answers.is_smoker} />
            <FieldError id="nu-gender-error" message={errors.gender ?? errors.is_smoker} />
          </div>
        )}
        {step === 3 && (
          <div className="step-fields">
            <div className="form-group">
              <label htmlFor="nu-tier" className="control-label">
                {t(m.chooseTier)}
              </label>
              <select
                id="nu-tier"
                ref={(el) => {
                  firstField.current = el;
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
        )}
        {formRead.isError && <Failed query={formRead} />}
        <FieldError id="nu-step-error" message={errors.step} />
        <p role="status" className="progress-note">
          {progress && <span className="spinner" aria-hidden="true" />}
          {progress}
        </p>
        <div className="buttons">
          {step > 1 && (
            <button type="button" onClick={back} disabled={busy}>
              {t(common.back)}
            </button>
          )}
          <button type="submit" className="primary" disabled={busy || Boolean(progress)}>
            {step === 3 ? t(m.submit) : t(m.next)}
          </button>
        </div>
      </form>
    </Hero>
  );
}
