// Custom rjsf widgets, registered by name so a uiSchema from the server stays plain JSON.
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { formatDateInput } from '../utils/date-input';
import { ModalFieldWidget } from './modal-field-widget';

// The signature pad (and its drawing library) is drawn by one step of the wizard: it loads when a form first draws it.
const LoadedSignature = lazy(() => import('./signature-widget').then((m) => ({ default: m.SignatureWidget })));

export function SignatureWidget(props: WidgetProps) {
  return (
    <Suspense
      fallback={
        <div className="signature">
          <p role="status">Loading the signature pad…</p>
        </div>
      }
    >
      <LoadedSignature {...props} />
    </Suspense>
  );
}

function TextLike(props: WidgetProps & { format: (v: string) => string; maxLength: number; inputMode: 'numeric' | 'text'; placeholder?: string }) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, format, maxLength, inputMode, placeholder, rawErrors } = props;
  return (
    <input
      id={id}
      name={id}
      className="form-control"
      type="text"
      inputMode={inputMode}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      maxLength={maxLength}
      placeholder={placeholder}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={rawErrors && rawErrors.length > 0 ? `${id}__error` : undefined}
      onChange={(e) => onChange(format(e.target.value) || undefined)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

export function DateMdyWidget(props: WidgetProps) {
  return <TextLike {...props} format={formatDateInput} maxLength={10} inputMode="numeric" placeholder="MM/DD/YYYY" />;
}

/** Keeps a masked value from the server (***-**-1234) as it is until the person types a new number. */
export function SsnWidget(props: WidgetProps) {
  const format = (v: string) => (v.startsWith('***-**-') && v.length <= 11 ? v : v.replace(/[^\d-]/g, '').slice(0, 11));
  return <TextLike {...props} format={format} maxLength={11} inputMode="numeric" placeholder="9 digits, e.g. 123456789" />;
}

export function PhoneWidget(props: WidgetProps) {
  return <TextLike {...props} format={(v) => v.replace(/\D/g, '').slice(0, 10)} maxLength={10} inputMode="numeric" placeholder="e.g. 4045550134" />;
}

export function ZipWidget(props: WidgetProps) {
  return <TextLike {...props} format={(v) => v.replace(/\D/g, '').slice(0, 5)} maxLength={5} inputMode="numeric" placeholder="5-digit ZIP code" />;
}

export const widgets = {
  dateMDY: DateMdyWidget,
  ssn: SsnWidget,
  phone: PhoneWidget,
  zip: ZipWidget,
  signature: SignatureWidget,
  modalField: ModalFieldWidget,
};

export { formatDateInput };
