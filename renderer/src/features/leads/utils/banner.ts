// When the location banner shows, and what the server's answer tells the quote forms.
import type { SiteInfo } from '../../../lib/site';
import type { LeadCheck } from '../api/check-lead-information';

/**
 * The banner shows only when this device never answered it on this site (the server's statusCode 204) and the visitor
 * did not close it here; an earlier answer with a ZIP code (its position allowed) pre-fills the quote forms.
 */
export function bannerDecision(check: LeadCheck | null, closedHere: boolean): { show: boolean; zip: string | null } {
  if (!check) return { show: false, zip: null };
  const zip = check.statusCode === 200 ? (check.zip_code ?? null) : null;
  return { show: check.statusCode === 204 && !closedHere, zip };
}

/** Whose site the banner was closed on: a rep's, a group's or the store's own (the browser keeps it per host). */
export function closedKey(site: SiteInfo | null): string {
  const owner = site?.agent ? `agent-${site.agent.agent_id}` : site?.group ? `group-${site.group.group_id}` : 'store';
  return `location-banner-closed:${owner}`;
}

/** A position to the hundredth of a degree (about a kilometre): enough for the nearest ZIP code, and no more. */
export function roughly(degrees: number): number {
  return Math.round(degrees * 100) / 100;
}
