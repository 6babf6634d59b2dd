// Words many screens share. Each feature keeps its own words in its messages.ts; a message lives here only when
// several layers draw it with one meaning.
import { defineMessages } from './i18n';

export const common = defineMessages({
  close: { id: 'common.close', defaultMessage: 'Close' },
  cancel: { id: 'common.cancel', defaultMessage: 'Cancel' },
  continue: { id: 'common.continue', defaultMessage: 'Continue' },
  back: { id: 'common.back', defaultMessage: 'Back' },
  tryAgain: { id: 'common.tryAgain', defaultMessage: 'Try again' },
  loading: { id: 'common.loading', defaultMessage: 'Loading…' },
});
