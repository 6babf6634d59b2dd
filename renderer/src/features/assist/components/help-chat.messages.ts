// The words of help-chat.tsx, apart from the feature's messages.ts: it is drawn on every page, and loads them alone.
import { defineMessages } from '../../../lib/i18n';

export const m = defineMessages({
  helpChat: { id: 'assist.helpChat', defaultMessage: 'Help chat' },
  hereToHelp: { id: 'assist.hereToHelp', defaultMessage: 'We are here to help you' },
});
