// The words of signature-widget.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // signature-widget.tsx
  signatureTyped: { id: 'components.signatureTyped', defaultMessage: 'Your signature: {name}' },
  signatureTypedEmpty: { id: 'components.signatureTypedEmpty', defaultMessage: 'Your signature: type your name above' },
  signaturePad: { id: 'components.signaturePad', defaultMessage: 'Signature pad: sign with your mouse, pen or finger' },
  typedHint: { id: 'components.typedHint', defaultMessage: 'Your typed name, drawn as your signature.' },
  keyboardHint: { id: 'components.keyboardHint', defaultMessage: 'To sign with the keyboard instead, choose “{option}” above.' },
  typeMyName: { id: 'components.typeMyName', defaultMessage: 'Type my name' },
  signatureGiven: { id: 'components.signatureGiven', defaultMessage: 'The applicant’s signature' },
  clear: { id: 'components.clear', defaultMessage: 'Clear' },
});
