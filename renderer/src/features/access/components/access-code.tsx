import { useState } from 'react';
import { useEnterSite } from '../hooks/use-enter-site';
import { useRepCode } from '../hooks/use-rep-code';
import { CodeForm } from './code-form';

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

  if (rep) {
    return (
      <div className="confirm-choice">
        <h3>Confirm rep is correct</h3>
        <p>
          Do you want to enroll under Rep {rep.first_name} {rep.last_name}?
        </p>
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
            Yes
          </button>
          <button type="button" disabled={leaving} onClick={reset}>
            No
          </button>
        </div>
      </div>
    );
  }
  return <CodeForm id="rep-code" label="Rep Access Code" placeholder="ABCD1234" onSubmit={(c) => void check(c)} error={error} busy={busy} />;
}
