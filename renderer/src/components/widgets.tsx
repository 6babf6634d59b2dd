// Custom rjsf widgets, registered by name so a uiSchema from the server stays plain JSON.
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { useT } from '../lib/i18n';
import { formatDateInput } from '../utils/date-input';
import { m } from './schema-form.messages';
import { ModalFieldWidget } from './modal-field-widget';
import { TEXT_FORMATS, type TextFormat } from './text-formats';
import { TextInput } from './text-input';

// The signature pad (and its drawing library) is drawn by one step of the wizard: it loads when a form first draws it.
const LoadedSignature = lazy(() => import('./signature-widget').then((mod) => ({ default: mod.SignatureWidget })));

export function SignatureWidget(props: WidgetProps) {
  const t = useT();
  return (
    <Suspense
      fallback={
        <div className="signature">
          <p role="status">{t(m.loadingSignature)}</p>
        </div>
      }
    >
      <LoadedSignature {...props} />
    </Suspense>
  );
}

function TextLike(props: WidgetProps & TextFormat) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, format, maxLength, inputMode, hint, placeholder, rawErrors, options } = props;
  return (
    <TextInput
      // The text format's own placeholder is shown rather than the uiSchema's.
      {...{ id, value, required, disabled, format, maxLength, inputMode, hint, onChange }}
      placeholder={hint ? undefined : placeholder}
      autoComplete={typeof options.autocomplete === 'string' ? options.autocomplete : undefined}
      readOnly={readonly}
      invalid={Boolean(rawErrors && rawErrors.length > 0)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

export function DateMdyWidget(props: WidgetProps) {
  return <TextLike {...props} {...TEXT_FORMATS.dateMDY} />;
}

/** Keeps a masked value from the server (***-**-1234) as it is until the person types a new number. */
export function SsnWidget(props: WidgetProps) {
  return <TextLike {...props} {...TEXT_FORMATS.ssn} />;
}

export function PhoneWidget(props: WidgetProps) {
  return <TextLike {...props} {...TEXT_FORMATS.phone} />;
}

export function ZipWidget(props: WidgetProps) {
  return <TextLike {...props} {...TEXT_FORMATS.zip} />;
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
