// The input of a text widget (text-formats.ts), as both forms draw it: rjsf's widgets (widgets.tsx) and the plain
// form (plain-form.tsx), which must not load the form library.
import type { FocusEvent } from 'react';
import { useT } from '../lib/i18n';
import type { TextFormat } from './text-formats';

export interface TextInputProps extends TextFormat {
  id: string;
  value: unknown;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  /** Whether the field shows an error (its list is `${id}__error`). */
  invalid: boolean;
  /** What the field asks of the person, as browsers name it (the server's `ui:autocomplete`). */
  autoComplete?: string;
  /** What the input shows before anything is typed (the server's `ui:placeholder`); the format's `hint` without. */
  placeholder?: string;
  /** What is kept of the typed text, or undefined when nothing is. */
  onChange: (value: string | undefined) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
}

export function TextInput({ id, value, required, disabled, readOnly, invalid, autoComplete, format, maxLength, inputMode, hint, placeholder, onChange, onBlur, onFocus }: TextInputProps) {
  const t = useT();
  return (
    <input
      id={id}
      name={id}
      className="form-control"
      type="text"
      inputMode={inputMode}
      autoComplete={autoComplete}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled}
      readOnly={readOnly}
      maxLength={maxLength}
      placeholder={placeholder || (hint ? t(hint) : undefined)}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}__error` : undefined}
      onChange={(e) => onChange(format(e.target.value) || undefined)}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}
