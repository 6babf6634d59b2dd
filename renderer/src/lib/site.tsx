// Whose site this is and who the visitor is on it, as the server says (`get-default-info`): the renderer themes, routes
// and shows by it. The server keeps where the session arrived (landing name, white-label domain, referral, partner
// link, access code); the browser never decides it, it only asks again after anything that changes it.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, type Schema } from './api';

export type SiteInfo = Schema<'SiteInfo'>;
export type Branding = Schema<'Branding'>;

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
  const refresh = useCallback(async () => {
    try {
      const answer = await api.get('/get-default-info');
      setSite(answer);
      applyTheme(answer.branding);
      return answer;
    } catch {
      return null;
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  return <Context.Provider value={{ site, refresh }}>{children}</Context.Provider>;
}

export const useSite = () => useContext(Context);
