// The words of schema-form.tsx (`components.<key>`), apart from the shared ones in messages.ts, so that they load with it.
import { defineMessages } from '../lib/i18n';

export const m = defineMessages({
  // schema-form.tsx, lazy-schema-form.tsx, widgets.tsx
  loadingList: { id: 'components.loadingList', defaultMessage: 'Loading the list…' },
  lookupFailed: { id: 'components.lookupFailed', defaultMessage: 'The lookup failed' },
  loadingSignature: { id: 'components.loadingSignature', defaultMessage: 'Loading the signature pad…' },
  // rjsf's own words (its TranslatableString), as the forms show them: the list buttons and a yes-or-no choice.
  add: { id: 'components.add', defaultMessage: 'Add' },
  remove: { id: 'components.remove', defaultMessage: 'Remove' },
  moveUp: { id: 'components.moveUp', defaultMessage: 'Move up' },
  moveDown: { id: 'components.moveDown', defaultMessage: 'Move down' },
  copy: { id: 'components.copy', defaultMessage: 'Copy' },
  yes: { id: 'components.yes', defaultMessage: 'Yes' },
  no: { id: 'components.no', defaultMessage: 'No' },
});
