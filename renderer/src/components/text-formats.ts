// The text widgets a server form names in its uiSchema (`ui:widget`): what each keeps of what is typed, and how its
// input is drawn. Kept apart from the rjsf widgets (widgets.tsx) so that the plain form (plain-form.tsx) draws the
// same inputs without loading the form library.
import type { MessageDescriptor } from '../lib/i18n';
import { formatDateInput } from '../utils/date-input';
import { m } from './messages';

export interface TextFormat {
  /** What is kept of the typed text. */
  format: (typed: string) => string;
  maxLength: number;
  inputMode: 'numeric' | 'text';
  /** What the input shows before anything is typed (its placeholder), in the page's language. */
  hint?: MessageDescriptor;
}

/** Keeps a masked value from the server (***-**-1234) as it is until the person types a new number. */
const ssn = (v: string) => (v.startsWith('***-**-') && v.length <= 11 ? v : v.replace(/[^\d-]/g, '').slice(0, 11));

export const TEXT_FORMATS = {
  dateMDY: { format: formatDateInput, maxLength: 10, inputMode: 'numeric', hint: m.dateHint },
  ssn: { format: ssn, maxLength: 11, inputMode: 'numeric', hint: m.ssnHint },
  phone: { format: (v) => v.replace(/\D/g, '').slice(0, 10), maxLength: 10, inputMode: 'numeric', hint: m.phoneHint },
  zip: { format: (v) => v.replace(/\D/g, '').slice(0, 5), maxLength: 5, inputMode: 'numeric', hint: m.zipHint },
} satisfies Record<string, TextFormat>;

export type TextWidgetName = keyof typeof TEXT_FORMATS;

export function isTextWidget(name: unknown): name is TextWidgetName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(TEXT_FORMATS, name);
}
