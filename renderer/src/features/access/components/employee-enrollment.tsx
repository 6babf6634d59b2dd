import { useState } from 'react';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { validateGroup } from '../api/validate-group';
import { useEnterSite } from '../hooks/use-enter-site';
import { m } from '../messages';
import { CodeForm } from './code-form';

/**
 * Employee Enrollment: the group enrollment code, then 'Is {company} your employer?'. Yes makes the session the
 * employee's and goes on to the group's site; No changes nothing and lets the person enter another code.
 */
export function EmployeeEnrollment() {
  const enter = useEnterSite();
  const [group, setGroup] = useState<Schema<'GroupAnswer'> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const t = useT();

  const validate = async (code: string) => {
    setError(null);
    if (!code) return setError(t(m.fieldRequired));
    setBusy(true);
    try {
      setGroup(await validateGroup({ group_code: code }));
      setCode(code);
    } catch {
      // The spec's validate-group answers 204 No Content for a code it does not know (an ApiError with statusCode 204).
      // Any other failure is told the same way: the person can only try the code again.
      setError(t(m.invalidGroupCode));
    } finally {
      setBusy(false);
    }
  };

  if (group) {
    return (
      <div className="confirm-choice">
        <p className="confirm-company">{group.name}</p>
        <p>{t(m.isYourEmployer, { name: group.name })}</p>
        <div className="buttons">
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void enter('Group', { group_code: code }).then((problem) => {
                setError(problem);
                if (problem) {
                  setBusy(false);
                  setGroup(null);
                }
              });
            }}
          >
            {t(m.yes)}
          </button>
          <button type="button" disabled={busy} onClick={() => setGroup(null)}>
            {t(m.no)}
          </button>
        </div>
      </div>
    );
  }
  return <CodeForm id="group-code" label={t(m.groupEnrollmentCode)} onSubmit={(c) => void validate(c)} error={error} busy={busy} />;
}
