import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  banner: { id: 'leads.banner', defaultMessage: 'Location permission' },
  consent: {
    id: 'leads.consent',
    defaultMessage: 'By clicking Allow, you agree that {name} can store your location and ZIP code for plan recommendation.',
  },
  consentStore: {
    id: 'leads.consentStore',
    defaultMessage: 'By clicking Allow, you agree that the store can store your location and ZIP code for plan recommendation.',
  },
  finding: { id: 'leads.finding', defaultMessage: 'Finding you…' },
  allow: { id: 'leads.allow', defaultMessage: 'Allow' },
  dontAllow: { id: 'leads.dontAllow', defaultMessage: "Don't Allow" },
  closeSign: { id: 'leads.closeSign', defaultMessage: '×' },
});
