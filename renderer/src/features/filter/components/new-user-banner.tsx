import type { ReactNode } from 'react';
import { Hero } from '../../../components/hero';
import { Failed } from '../../../components/query-state';
import { common } from '../../../lib/messages';
import { useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { bannerImage } from '../../../lib/site-settings';
import { useFirstFieldFocus } from '../hooks/use-first-field-focus';
import { useNewUserQuote } from '../hooks/use-new-user-quote';
import { m } from '../messages';
import { FieldError } from './new-user-fields';
import { CoverageQuestions, PersonQuestions, type QuestionsProps, ZipQuestion } from './new-user-questions';
import { NewUserProgress } from './new-user-progress';

/**
 * The referral and new-user banner: the quote asked in three steps (ZIP code; gender and smoker status; tier and date
 * of birth), with a short pause after the ZIP code while the plans sold there are found. Submit creates the quote
 * (the server attaches the referral the session followed) and opens the plans.
 */
export function NewUserBanner({ referredBy }: { referredBy?: ReactNode }) {
  const t = useT();
  const { site } = useSite();
  const { formRead, form, parts, step, answers, errors, progress, busy, set, goOn, back } = useNewUserQuote();
  const firstField = useFirstFieldFocus(step);
  const questions: QuestionsProps = {
    form,
    answers,
    errors,
    set,
    first: (el) => {
      firstField.current = el;
    },
  };

  return (
    <Hero image={bannerImage(site)} imageLink={site?.branding.image_link} title={t(m.welcome)}>
      {referredBy}
      <NewUserProgress parts={parts} step={step} />
      <form noValidate onSubmit={(e) => void goOn(e)} className="new-user-form">
        {step === 1 && <ZipQuestion {...questions} finding={Boolean(progress)} />}
        {step === 2 && <PersonQuestions {...questions} />}
        {step === 3 && <CoverageQuestions {...questions} />}
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
