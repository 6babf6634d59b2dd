import type { Schema } from '../lib/api';

/** Just enough of get-default-info for a page under test: a visitor of the store's own site, with `overrides`. */
export function siteInfo(overrides: Partial<Schema<'SiteInfo'>> = {}): Schema<'SiteInfo'> {
  return {
    eprocess: 'applicant',
    front_page: 'open',
    home_link: '/',
    special_host: false,
    show_quotation: true,
    admin_links: false,
    branding: { display_name: 'Benefit Store', colors: { primary: '', accent: '' } },
    settings: [],
    expired_referral: false,
    ...overrides,
  } as unknown as Schema<'SiteInfo'>;
}
