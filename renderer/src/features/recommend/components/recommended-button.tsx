import { Link } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { useT } from '../../../lib/i18n';
import { tempId } from '../../../lib/storage';
import { useCartHasRecommendations } from '../hooks/use-recommendations';
import { m } from './recommended-button.messages';
import '../recommended-button.css';

/** The header's 'View Your Recommended Products': only while the cart has plans and there is something to recommend. */
export function RecommendedButton() {
  const { count } = useCartCount();
  const t = useT();
  // null until the first answer.
  const recommended = useCartHasRecommendations(tempId.get(), count > 0);
  if (count === 0 || recommended === false) return null;
  // Until the first answer, the link's room is kept (unseen), so that the page below the header does not move when
  // it appears (on a phone it takes a row of its own).
  if (recommended === null) {
    return (
      <span className="recommended-link recommended-pending" aria-hidden="true">
        {t(m.viewRecommended)}
      </span>
    );
  }
  return (
    <Link to="/RecommendList?page=cart" className="recommended-link">
      {t(m.viewRecommended)}
    </Link>
  );
}
