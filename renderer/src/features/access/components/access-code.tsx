import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useEnterSite } from '../hooks/use-enter-site';
import { useRepCode } from '../hooks/use-rep-code';
import { m } from '../messages';
import { CodeForm, EXAMPLE_REP_CODE } from './code-form';

/**
 * Access Code (the footer's): a rep's access code, then 'Confirm rep is correct / Do you want to enroll under Rep
 * {name}?'. Yes makes the session the rep's and goes on to the rep's site; No changes nothing and lets the person enter
 * another code.
 */
export function AccessCode() {
  const enter = useEnterSite();
  const { rep, error, busy, check, reset } = useRepCode();
  const [leaving, setLeaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const t = useT();

  if (rep) {
    return (
      <div className="confirm-choice">
        <h3>{t(m.confirmRep)}</h3>
        <p>{t(m.enrollUnderRep, { firstName: rep.first_name, lastName: rep.last_name })}</p>
        {refused && (
          <p role="alert" className="error">
            {refused}
          </p>
        )}
        <div className="buttons">
          <button
            type="button"
            className="primary"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void enter('Agent', { agent_code: rep.agent_code }).then((problem) => {
                setRefused(problem);
                if (problem) setLeaving(false);
              });
            }}
          >
            {t(m.yes)}
          </button>
          <button type="button" disabled={leaving} onClick={reset}>
            {t(m.no)}
          </button>
        </div>
      </div>
    );
  }
  return <CodeForm id="rep-code" label={t(m.repAccessCode)} placeholder={EXAMPLE_REP_CODE} onSubmit={(c) => void check(c)} error={error} busy={busy} />;
}
