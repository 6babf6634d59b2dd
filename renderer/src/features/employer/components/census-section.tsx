// The census: uploaded whole (CSV or .xlsx; refused whole, each bad field by its row and column, as the server reads
// it: engine::employer::census), or kept one employee at a time, each with where they stand.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { type CensusEmployee, type Console, type EmployeeForm, TEMPLATE_URL, censusQuery, useAddEmployee, useImportCensus, useTerminate } from '../api/employer';
import { m } from '../messages';

export function CensusSection({ console }: { console: Console }) {
  const t = useT();
  const census = useQuery(censusQuery);
  const upload = useImportCensus();
  const [file, setFile] = useState<File | null>(null);
  const fileId = useId();
  const refused = upload.error instanceof ApiError ? upload.error : null;
  return (
    <>
      <p>{t(m.censusCounts, { employees: console.census.employees, terminated: console.census.terminated })}</p>
      <p className="hint">{t(m.censusHint)}</p>
      <p>
        <a href={TEMPLATE_URL} download>
          {t(m.template)}
        </a>
      </p>
      <form
        className="employer-upload"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) upload.mutate(file);
        }}
      >
        <label htmlFor={fileId} className="field-label">
          {t(m.censusFile)}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
        />
        <button type="submit" className="primary" disabled={!file || upload.isPending}>
          {upload.isPending ? t(m.uploading) : t(m.upload)}
        </button>
      </form>
      {upload.isSuccess && <p role="status">{t(m.imported, { ...upload.data })}</p>}
      {upload.isError && (
        <div role="alert" className="employer-refused">
          {refused && refused.fields.length > 0 ? (
            <>
              <p>{t(m.refused)}</p>
              <ul>
                {refused.fields.map((f, i) => (
                  <li key={i}>{f.error_message}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{upload.error.message}</p>
          )}
        </div>
      )}
      {census.isError ? <Failed query={census} /> : !census.data ? <Pending /> : <CensusTable employees={census.data} />}
      <AddEmployee />
    </>
  );
}

function Standing({ e }: { e: CensusEmployee }) {
  const t = useT();
  switch (e.standing) {
    case 'enrolled':
      return <>{t(m.enrolled)}</>;
    case 'waived':
      return <>{t(m.waived)}</>;
    case 'left':
      return <>{t(m.left, { date: e.terminated_on ?? '' })}</>;
    case 'not_eligible':
      return <span title={e.not_eligible ?? undefined}>{t(m.notEligible)}</span>;
    default:
      return <>{t(m.notStarted)}</>;
  }
}

function CensusTable({ employees }: { employees: CensusEmployee[] }) {
  const t = useT();
  if (employees.length === 0) return <p>{t(m.noEmployees)}</p>;
  return (
    <div className="employer-table-wrap">
      <table className="employer-table">
        <thead>
          <tr>
            <th scope="col">{t(m.name)}</th>
            <th scope="col">{t(m.dateOfBirth)}</th>
            <th scope="col">{t(m.zip)}</th>
            <th scope="col">{t(m.email)}</th>
            <th scope="col">{t(m.hireDate)}</th>
            <th scope="col">{t(m.hours)}</th>
            <th scope="col">{t(m.class)}</th>
            <th scope="col">{t(m.standing)}</th>
          </tr>
        </thead>
        <tbody>
          {employees.map((e) => (
            <tr key={e.employee_id}>
              <th scope="row">
                {e.first_name} {e.last_name}
                {e.standing !== 'left' && <EndEmployment e={e} />}
              </th>
              <td>{e.date_of_birth}</td>
              <td>{e.zip}</td>
              <td>{e.email}</td>
              <td>{e.hire_date}</td>
              <td>{e.hours}</td>
              <td>{e.class}</td>
              <td>
                <Standing e={e} />
                {e.not_eligible && <p className="hint">{e.not_eligible}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndEmployment({ e }: { e: CensusEmployee }) {
  const t = useT();
  const end = useTerminate();
  const [lastDay, setLastDay] = useState('');
  const id = useId();
  const failure = end.error instanceof ApiError ? (end.error.messageFor('last_day') ?? end.error.message) : undefined;
  const name = `${e.first_name} ${e.last_name}`;
  return (
    <details className="employer-end">
      <summary>{t(m.endEmployment, { name })}</summary>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          end.mutate({ employeeId: e.employee_id, lastDay });
        }}
      >
        <label htmlFor={id} className="field-label">
          {t(m.lastDay)}
        </label>
        <input id={id} type="text" inputMode="numeric" value={lastDay} onChange={(ev) => setLastDay(ev.currentTarget.value)} aria-invalid={failure ? true : undefined} />
        {failure && (
          <p className="error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" disabled={end.isPending}>
          {t(m.confirmEnd)}
        </button>
      </form>
    </details>
  );
}

const FIELDS = ['first_name', 'last_name', 'date_of_birth', 'zip', 'email', 'hire_date', 'hours', 'class', 'salary'] as const;

function AddEmployee() {
  const t = useT();
  const add = useAddEmployee();
  const [values, setValues] = useState<Record<string, string>>({});
  const id = useId();
  const failure = add.error instanceof ApiError ? add.error : null;
  const labels = { first_name: m.firstName, last_name: m.lastName, date_of_birth: m.dateOfBirth, zip: m.zip, email: m.email, hire_date: m.hireDate, hours: m.hours, class: m.class, salary: m.salary };
  return (
    <details className="employer-add">
      <summary>{t(m.addOne)}</summary>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? ''])) as EmployeeForm, { onSuccess: () => setValues({}) });
        }}
      >
        {FIELDS.map((f) => {
          const message = failure?.messageFor(f);
          return (
            <div key={f} className="field">
              <label htmlFor={`${id}-${f}`} className="field-label">
                {t(labels[f])}
              </label>
              <input
                id={`${id}-${f}`}
                value={values[f] ?? ''}
                inputMode={f === 'hours' || f === 'salary' || f === 'zip' ? 'decimal' : undefined}
                type={f === 'email' ? 'email' : 'text'}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-${f}-error` : undefined}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setValues((v) => ({ ...v, [f]: value }));
                }}
              />
              {message && (
                <p id={`${id}-${f}-error`} className="error" role="alert">
                  {message}
                </p>
              )}
            </div>
          );
        })}
        <button type="submit" className="primary" disabled={add.isPending}>
          {t(m.add)}
        </button>
      </form>
    </details>
  );
}
