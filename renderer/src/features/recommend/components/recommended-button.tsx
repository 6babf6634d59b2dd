import { Link } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { useCartHasRecommendations } from '../hooks/use-recommendations';
import '../recommended-button.css';

const LABEL = 'View Your Recommended Products';

/** The header's 'View Your Recommended Products': only while the cart has plans and there is something to recommend. */
export function RecommendedButton() {
  const { count } = useCartCount();
  // null until the first answer.
  const recommended = useCartHasRecommendations(tempId.get(), count > 0);
  if (count === 0 || recommended === false) return null;
  // Until the first answer, the link's room is kept (unseen), so that the page below the header does not move when
  // it appears (on a phone it takes a row of its own).
  if (recommended === null) {
    return (
      <span className="recommended-link recommended-pending" aria-hidden="true">
        {LABEL}
      </span>
    );
  }
  return (
    <Link to="/RecommendList?page=cart" className="recommended-link">
      {LABEL}
    </Link>
  );
}
