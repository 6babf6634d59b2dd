import type { SiteInfo } from './site';

/** A white-label domain's picture by key (cart_logo, footer_logo, banner_image, landing_banner_image, ...), if set. */
export function siteSetting(site: SiteInfo | null, key: string): string | undefined {
  return site?.settings.find((s) => s.key === key)?.value || undefined;
}

/** The landing banner's picture: the domain's own, or the site's branding. */
export function bannerImage(site: SiteInfo | null): string | undefined {
  return siteSetting(site, 'landing_banner_image') ?? (site?.branding.image || undefined);
}

/** The receipt's thank-you picture: the domain's own, or the site's branding. */
export function thankYouImage(site: SiteInfo | null): string | undefined {
  return siteSetting(site, 'thank_you_image') ?? (site?.branding.thank_you_image || undefined);
}

/** The banner of the pages after the landing page (the receipt): the domain's banner_image, or the site's banner. */
export function pageBannerImage(site: SiteInfo | null): string | undefined {
  return siteSetting(site, 'banner_image') ?? (site?.branding.image || undefined);
}
