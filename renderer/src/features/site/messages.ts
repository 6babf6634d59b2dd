import { defineMessages } from '../../lib/i18n';

export const m = defineMessages({
  backToHomepage: { id: 'site.backToHomepage', defaultMessage: 'Back to Homepage' },
  configSign: { id: 'site.configSign', defaultMessage: '!' },
  groupNotConfigured: { id: 'site.groupNotConfigured', defaultMessage: 'Landing url is not configured for this Group' },
  agentNotConfigured: { id: 'site.agentNotConfigured', defaultMessage: 'Landing url is not configured for this Agent' },
  askEmployer: { id: 'site.askEmployer', defaultMessage: 'Please ask your employer for the right link, or start again from the home page.' },
  askRepresentative: {
    id: 'site.askRepresentative',
    defaultMessage: 'Please ask your representative for the right link, or start again from the home page.',
  },
  referredBy: { id: 'site.referredBy', defaultMessage: 'Referred By <strong>{name}</strong>' },
  referredByOf: { id: 'site.referredByOf', defaultMessage: 'Referred By <strong>{name}</strong><of> of {company}</of>' },
});
