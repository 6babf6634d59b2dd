import { useState } from 'react';
import type { Schema } from '../../../lib/api';
import { validateGroup } from '../api/validate-group';
import { CodeForm } from './code-form';

/**
 * Employee Enrollment: the group enrollment code, then 'Is {company} your employer?'. Yes starts a new enrollment under
 * the group (the session became the employee's when the code was validated); No lets the person enter another code.
 */
export function EmployeeEnrollment({ onConfirmed }: { onConfirmed: () => void }) {
  const [group, setGroup] = useState<Schema<'GroupAnswer'> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const validate = async (code: string) => {
    setError(null);
    if (!code) return setError('Field is required');
    try {
      setGroup(await validateGroup({ group_code: code }));
    } catch {
      // The spec's validate-group answers 204 No Content for a code it does not know (an ApiError with statusCode 204).
      // Any other failure is told the same way: the person can only try the code again.
      setError('Invalid Group Enrollment Code');
    }
  };

  if (group) {
    return (
      <>
        <p>Is {group.name} your employer?</p>
        <div className="buttons">
          <button type="button" className="primary" onClick={onConfirmed}>
            Yes, continue
          </button>
          <button type="button" onClick={() => setGroup(null)}>
            No
          </button>
        </div>
      </>
    );
  }
  return <CodeForm id="group-code" label="Group Enrollment Code" onSubmit={(c) => void validate(c)} error={error} />;
}
