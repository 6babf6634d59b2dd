// The words of modal-field-widget.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // modal-field-widget.tsx
  fieldValue: { id: 'components.fieldValue', defaultMessage: '{label}: <strong>{value}</strong>' },
  enterField: { id: 'components.enterField', defaultMessage: 'Enter {label}' },
  save: { id: 'components.save', defaultMessage: 'Save' },
});
