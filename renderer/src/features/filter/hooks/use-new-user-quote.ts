import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { filterFormQuery } from '../../../lib/filter-form';
import { useT } from '../../../lib/i18n';
import { chosenGroup, tempId } from '../../../lib/storage';
import { addFilterForNewUser } from '../api/add-filter-for-new-user';
import { validateZipCode } from '../api/validate-zip-code';
import { m } from '../messages';
import { serverErrorsOf } from '../utils/new-user-form';
import { checkStep, type FilterSchema, type NewUserAnswers, type Step, type StepErrors } from '../utils/new-user-steps';

/** The pause after a good ZIP code, while the store looks for the plans sold there. */
const ZIP_PAUSE_MS = 2000;

const EMPTY: NewUserAnswers = { zip: '', gender: '', is_smoker: '', tier: '', dob: '' };

/**
 * The new-user banner's quote, asked a step at a time: the step shown, the answers and what is wrong with them, the
 * words while the plans sold at the ZIP code are found (`progress`). `goOn` checks the step and goes on: after the ZIP
 * code (checked by the server) a short pause, after the last step the quote created and the plans opened.
 */
export function useNewUserQuote() {
  const t = useT();
  const navigate = useNavigate();
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

  useEffect(() => () => clearTimeout(pause.current), []);

  const set = (name: keyof NewUserAnswers) => (value: string) => setAnswers((a) => ({ ...a, [name]: value }));

  const showServerErrors = (e: ApiError) => {
    const shown = serverErrorsOf(e, parts);
    if (shown.step) setStep(shown.step);
    setErrors(shown.errors);
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

  const back = () => {
    setErrors({});
    setStep((s) => Math.max(1, s - 1) as Step);
  };

  return { formRead, form, parts, step, answers, errors, progress, busy, set, goOn, back };
}
