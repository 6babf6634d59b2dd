import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { chosenGroup, tempId } from '../../../lib/storage';
import { confirmAccess } from '../api/confirm-access';
import { m } from '../messages';

export type SiteOwner = 'Group' | 'Agent';

/** The code the person said Yes to. */
export type Confirmed = { agent_code: string } | { group_code: string };

/**
 * Yes to a group enrollment code or a rep access code: the server makes the session the employee's or the rep's now
 * (looking the code up changed nothing), so the quote this browser held belonged to the visitor before. The person
 * goes on to the group's or rep's site by its landing name, or, when it has none yet, to the page that says so.
 * Answers the words to show when the server refused.
 */
export function useEnterSite() {
  const navigate = useNavigate();
  const { refresh } = useSite();
  const cart = useCartCount();
  const t = useT();
  return async (owner: SiteOwner, code: Confirmed): Promise<string | null> => {
    let landingUrl: string;
    try {
      landingUrl = (await confirmAccess(code)).landing_url;
    } catch (e) {
      return e instanceof ApiError ? e.message : t(m.somethingWentWrong);
    }
    tempId.clear();
    chosenGroup.set(null);
    const landing = landingUrl.trim().replace(/^\/+/, '');
    // The page is left before the site is read again: the front page, if it is the one showing, would otherwise move
    // on by itself to the new role's home as soon as the new site arrives.
    navigate(landing ? `/${landing}` : `/landing-config-error/${owner}/landingPage`);
    await refresh();
    cart.refresh();
    return null;
  };
}
