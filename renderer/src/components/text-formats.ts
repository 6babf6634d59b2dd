// The text widgets a server form names in its uiSchema (`ui:widget`): what each keeps of what is typed, and how its
// input is drawn. Kept apart from the rjsf widgets (widgets.tsx) so that the plain form (plain-form.tsx) draws the
// same inputs without loading the form library.
import { formatDateInput } from '../utils/date-input';

export interface TextFormat {
  /** What is kept of the typed text. */
  format: (typed: string) => string;
  maxLength: number;
  inputMode: 'numeric' | 'text';
  placeholder?: string;
}

/** Keeps a masked value from the server (***-**-1234) as it is until the person types a new number. */
const ssn = (v: string) => (v.startsWith('***-**-') && v.length <= 11 ? v : v.replace(/[^\d-]/g, '').slice(0, 11));

export const TEXT_FORMATS = {
  dateMDY: { format: formatDateInput, maxLength: 10, inputMode: 'numeric', placeholder: 'MM/DD/YYYY' },
  ssn: { format: ssn, maxLength: 11, inputMode: 'numeric', placeholder: '9 digits, e.g. 123456789' },
  phone: { format: (v) => v.replace(/\D/g, '').slice(0, 10), maxLength: 10, inputMode: 'numeric', placeholder: 'e.g. 4045550134' },
  zip: { format: (v) => v.replace(/\D/g, '').slice(0, 5), maxLength: 5, inputMode: 'numeric', placeholder: '5-digit ZIP code' },
} satisfies Record<string, TextFormat>;

export type TextWidgetName = keyof typeof TEXT_FORMATS;

export function isTextWidget(name: unknown): name is TextWidgetName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(TEXT_FORMATS, name);
}
