import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  heading: { id: 'member.heading', defaultMessage: 'Member enrollment' },
  opening: { id: 'member.opening', defaultMessage: 'Opening your member enrollment…' },
  linkNotOpened: { id: 'member.linkNotOpened', defaultMessage: 'This member link could not be opened.' },
});
