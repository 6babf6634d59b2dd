import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, api, chosenGroup, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';

interface Rep {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  agent_code: string;
  groups: { group_id: number; name: string }[];
}

interface Group {
  group_id: number;
  name: string;
}

function CodeForm({ id, label, onSubmit, error }: { id: string; label: string; onSubmit: (code: string) => void; error: string | null }) {
  const [code, setCode] = useState('');
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit(code.trim());
      }}
    >
      <div className="form-group">
        <label htmlFor={id} className="control-label">
          {label}
        </label>
        <input
          id={id}
          className="form-control"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="error">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="primary">
        Submit
      </button>
    </form>
  );
}

/**
 * Employee Enrollment: the group enrollment code, then 'Is {company} your employer?'. Yes starts a new enrollment under
 * the group (the session became the employee's when the code was validated); No lets the person enter another code.
 */
export function EmployeeEnrollment({ onConfirmed }: { onConfirmed: () => void }) {
  const [group, setGroup] = useState<Group | null>(null);
  const [error, setError] = useState<string | null>(null);

  const validate = async (code: string) => {
    setError(null);
    if (!code) return setError('Field is required');
    try {
      setGroup(await api.get<Group>(`/validate-group?group_code=${encodeURIComponent(code)}`));
    } catch {
      // The spec's validate-group answers 204 No Content for a code it does not know.
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

/** A new role starts a new enrollment: whatever this browser held belonged to the visitor before. */
export function useBeginEnrollment() {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  return (groupId: number | null) => {
    tempId.clear();
    chosenGroup.set(groupId);
    refresh();
    navigate('/');
  };
}

/** The access page: a rep's access code, or an employee's group enrollment code. */
export function AccessPage() {
  const begin = useBeginEnrollment();
  const [rep, setRep] = useState<Rep | null>(null);
  const [repError, setRepError] = useState<string | null>(null);
  const [choice, setChoice] = useState('');
  const [choiceError, setChoiceError] = useState<string | null>(null);

  const validateRep = async (code: string) => {
    setRepError(null);
    if (!code) return setRepError('Field is required');
    try {
      setRep(await api.get<Rep>(`/validate-agent?agent_code=${encodeURIComponent(code)}`));
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
