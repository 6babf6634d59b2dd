import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSite } from '../../../lib/site';

/**
 * A way into someone's site (a landing name, a partner link, a group administrator's link): `enter` tells the server
 * where the session arrived and answers where to go next; the site is then read again, so the page draws the new
 * owner's branding. Anything refused (a 204 for an unknown name, an error) is the 404 page. It runs once per `key`.
 */
export function useEntry(key: string | null, enter: (key: string) => Promise<string>) {
  const navigate = useNavigate();
  const { refresh } = useSite();
  // undefined until it ran: a missing key (null) must run too, to the 404 page.
  const ran = useRef<string | null | undefined>(undefined);
  const latest = useRef(enter);
  useEffect(() => {
    latest.current = enter;
  });
  useEffect(() => {
    if (ran.current === key) return;
    ran.current = key;
    if (!key) {
      navigate('/404', { replace: true });
      return;
    }
    latest
      .current(key)
      .then(async (next) => {
        await refresh();
        navigate(next, { replace: true });
      })
      .catch(() => navigate('/404', { replace: true }));
  }, [key, navigate, refresh]);
}
