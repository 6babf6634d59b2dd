import { useState } from 'react';
import { ApiError, type Schema } from '../../../lib/api';
import { validateAgent } from '../api/validate-agent';
import { useBeginEnrollment } from '../hooks/use-begin-enrollment';
import { CodeForm } from './code-form';
import { EmployeeEnrollment } from './employee-enrollment';

/** The access page: a rep's access code, or an employee's group enrollment code. */
export function AccessPage() {
  const begin = useBeginEnrollment();
  const [rep, setRep] = useState<Schema<'RepAnswer'> | null>(null);
  const [repError, setRepError] = useState<string | null>(null);
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);

  const validateRep = async (code: string) => {
    setRepError(null);
    if (!code) return setRepError('Field is required');
    try {
      setRep(await validateAgent({ agent_code: code }));
    } catch (e) {
      setRepError(e instanceof ApiError ? e.message : 'Invalid Rep Access Code');
    }
  };

  if (rep) {
    return (
      <section className="banner">
        <h1>
          Welcome, {rep.first_name} {rep.last_name}
        </h1>
        <p>
          Rep code {rep.agent_code} · {rep.email} · {rep.phone}
        </p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => begin(null)}>
            Start Direct Enrollment
          </button>
        </div>
        <div className="form-group">
          <label htmlFor="rep-group" className="control-label">
            Or enroll an employee of
          </label>
          <select
            id="rep-group"
            className="form-control"
            value={choice}
            aria-invalid={choiceError ? true : undefined}
            aria-describedby={choiceError ? 'rep-group-error' : undefined}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">Choose a group</option>
            {rep.groups.map((g) => (
              <option key={g.group_id} value={g.group_id}>
                {g.name}
              </option>
            ))}
          </select>
          {choiceError && (
            <p id="rep-group-error" className="error">
              {choiceError}
            </p>
          )}
        </div>
        <button type="button" onClick={() => (choice ? begin(Number(choice)) : setChoiceError('Please choose a group'))}>
          Enroll
        </button>
      </section>
    );
  }
  return (
    <section className="banner">
      <h1>Welcome</h1>
      <h2>Representatives</h2>
      <CodeForm id="rep-code" label="Rep Access Code" onSubmit={(c) => void validateRep(c)} error={repError} />
      <h2>Employee Enrollment</h2>
      <EmployeeEnrollment onConfirmed={() => begin(null)} />
    </section>
  );
}
