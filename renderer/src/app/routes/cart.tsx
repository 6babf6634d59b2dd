import { Navigate } from 'react-router-dom';
import { CartPage } from '../../features/cart/components/cart-page';
import { useQuoteParties } from '../../features/filter/hooks/use-quote-parties';
import { RecommendedPanel } from '../../features/recommend/components/recommended-panel';
import { CheckoutFlow } from '../../features/shop-flow/components/checkout-flow';
import { tempId } from '../../lib/storage';

export function CartRoute() {
  const id = tempId.get();
  return id ? <Cart enrollmentId={id} /> : <Navigate to="/" replace />;
}

function Cart({ enrollmentId }: { enrollmentId: string }) {
  const parties = useQuoteParties(enrollmentId);
  return (
    <CartPage
      enrollmentId={enrollmentId}
      parties={parties}
      renderCheckout={(props) => <CheckoutFlow enrollmentId={enrollmentId} {...props} />}
      recommended={<RecommendedPanel page="cart" />}
    />
  );
}
