import { useNavigate } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { chosenGroup, tempId } from '../../../lib/storage';

export type SiteOwner = 'Group' | 'Agent';

/**
 * After a group enrollment code or a rep access code is confirmed: the session is now the employee's or the rep's
 * (the server made it so when the code was validated), so the quote this browser held belonged to the visitor before.
 * The person goes on to the group's or rep's site by its landing name, or, when it has none yet, to the page that says
 * so.
 */
export function useEnterSite() {
  const navigate = useNavigate();
  const { refresh } = useSite();
  const cart = useCartCount();
  return async (owner: SiteOwner, landingUrl: string) => {
    tempId.clear();
    chosenGroup.set(null);
    const landing = landingUrl.trim().replace(/^\/+/, '');
    // The page is left before the site is read again: the front page, if it is the one showing, would otherwise move
    // on by itself to the new role's home as soon as the new site arrives.
    navigate(landing ? `/${landing}` : `/landing-config-error/${owner}/landingPage`);
    await refresh();
    cart.refresh();
  };
}
