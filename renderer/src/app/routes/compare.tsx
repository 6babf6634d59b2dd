import { useNavigate } from 'react-router-dom';
import { addPlanToCart } from '../../features/cart/api/add-plan-to-cart';
import { ComparePage } from '../../features/plans/components/compare-page';
import { useCartCount } from '../../lib/cart-count';
import { tempId } from '../../lib/storage';

/** /compare?plans=1,2,3: plans of one category side by side; Add to Cart puts one in the quote's cart and opens it. */
export function CompareRoute() {
  const navigate = useNavigate();
  const cart = useCartCount();
  const enrollmentId = tempId.get();
  const addToCart = enrollmentId
    ? async (plan_id: number, plan_pricing_id: number) => {
        await addPlanToCart({ enrollment_id: enrollmentId, plan_id, plan_pricing_id });
        cart.refresh();
        navigate('/cart');
      }
    : undefined;
  return <ComparePage addToCart={addToCart} />;
}
