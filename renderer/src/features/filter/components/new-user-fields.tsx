import type { Choice } from '../utils/new-user-form';

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="error" role="alert">
      {message}
    </p>
  ) : null;
}

export function Radios({ name, legend, choices, value, onChange, invalid }: { name: string; legend: string; choices: Choice[]; value: string; onChange: (v: string) => void; invalid: boolean }) {
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
