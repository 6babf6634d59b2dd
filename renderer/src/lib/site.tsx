// Whose site this is and who the visitor is on it, as the server says (`get-default-info`): the renderer themes, routes
// and shows by it. The server keeps where the session arrived (landing name, white-label domain, referral, partner
// link, access code); the browser never decides it, it only asks again after anything that changes it.
import { useQueryClient } from '@tanstack/react-query';
import { useLanguage } from './i18n';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { api, type Schema } from './api';
import { setBenefitRoot } from './benefit';

export type SiteSetting = Schema<'SiteSetting'>;
/** The server's answer, with the white-label domain's pictures read beside it. */
export type SiteInfo = Schema<'SiteInfo'> & { settings: SiteSetting[] };
export type Branding = Schema<'Branding'>;

/**
 * The basic authorization the spec's site-settings call is sent with. It tells the store's own renderer from other
 * callers (the server's SITE_SETTINGS_AUTH); the settings are a site's public pictures, so it is no secret.
 */
const SITE_SETTINGS_AUTH: string = import.meta.env.VITE_SITE_SETTINGS_AUTH ?? 'storefront:site-settings';
/** How long this browser keeps a domain's site settings. */
const SETTINGS_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * A white-label domain's pictures (`get-external-site-dynamic-information`, base64 of the domain, basic
 * authorization), kept in localStorage for a day as the spec has them cached locally. None for the store's own site.
 */
export async function siteSettings(domain: string | null | undefined): Promise<SiteSetting[]> {
  if (!domain) return [];
  const key = `site-settings:${domain}`;
  try {
    const cached = JSON.parse(localStorage.getItem(key) ?? 'null') as { at: number; settings: SiteSetting[] } | null;
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.settings;
  } catch {
    // An unreadable entry is read again from the server.
  }
  try {
    const settings = await api.get('/get-external-site-dynamic-information', {
      query: { site_domain: btoa(domain) },
      headers: { Authorization: `Basic ${btoa(SITE_SETTINGS_AUTH)}` },
    });
    localStorage.setItem(key, JSON.stringify({ at: Date.now(), settings }));
    return settings;
  } catch {
    // No settings (204) or none readable now: the site's branding alone.
    return [];
  }
}

interface SiteContext {
  /** null until the first answer. */
  site: SiteInfo | null;
  /** Asks the server again (after an access code, a landing name, a referral, Not my site); answers the new site. */
  refresh: () => Promise<SiteInfo | null>;
}

const Context = createContext<SiteContext>({ site: null, refresh: async () => null });

/** The site's colours as CSS custom properties on the document: every style reads them, so the whole store wears them. */
export function applyTheme(branding: Branding) {
  const style = document.documentElement.style;
  if (branding.colors.primary) style.setProperty('--brand-primary', branding.colors.primary);
  if (branding.colors.accent) style.setProperty('--brand-accent', branding.colors.accent);
  document.title = branding.display_name || 'Benefit Store';
}

export function SiteProvider({ children }: { children: ReactNode }) {
  const [site, setSite] = useState<SiteInfo | null>(null);
  const client = useQueryClient();
  const answered = useRef(false);
  // `others`: whether every other answer kept is read again too.
  const read = useCallback(async (others: boolean) => {
    try {
      const answer = await api.get('/get-default-info');
      // What the session may see follows its site (a group's menu, a rep's members): every answer kept is read again.
      if (others && answered.current) void client.invalidateQueries();
      answered.current = true;
      // The benefit service's root (recommendations, the help chat, leads): the default until the server names one.
      setBenefitRoot(answer.benefit_root);
      const site: SiteInfo = { ...answer, settings: await siteSettings(answer.domain) };
      setSite(site);
      applyTheme(site.branding);
      return site;
    } catch {
      return null;
    }
  }, [client]);
  const refresh = useCallback(() => read(true), [read]);
  // The site's words (its tagline, its About) are read again in a newly chosen language; the language's choice has
  // already had every other answer read again (lib/i18n.tsx).
  const { language } = useLanguage();
  useEffect(() => {
    void read(false);
  }, [read, language]);
  return <Context.Provider value={{ site, refresh }}>{children}</Context.Provider>;
}

export const useSite = () => useContext(Context);
