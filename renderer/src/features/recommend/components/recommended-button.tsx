import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { getRecommendedPlanIds } from '../api/get-recommended-plan-ids';

/** The header's 'View Your Recommended Products': only while the cart has plans and there is something to recommend. */
export function RecommendedButton() {
  const { count } = useCartCount();
  const [recommended, setRecommended] = useState(false);
  useEffect(() => {
    const id = tempId.get();
    if (count === 0 || !id) {
      setRecommended(false);
      return;
    }
    let current = true;
    getRecommendedPlanIds('cart', id).then(
      (ids) => current && setRecommended(ids.length > 0),
      () => current && setRecommended(false),
    );
    return () => {
      current = false;
    };
  }, [count]);
  if (count === 0 || !recommended) return null;
  return (
    <Link to="/RecommendList?page=cart" className="recommended-link">
      View Your Recommended Products
    </Link>
  );
}
