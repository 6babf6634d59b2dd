import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { addPlanToCart } from '../../features/cart/api/add-plan-to-cart';
import { addPlanToCartPrudentials } from '../../features/cart/api/add-plan-to-cart-prudentials';
import { QuoteFormDialog } from '../../features/filter/components/quote-form-dialog';
import { QuoteSummary } from '../../features/filter/components/quote-summary';
import { PlanDetailPage, type PlanDetailPageProps } from '../../features/plan-detail/components/plan-detail-page';
import { RecommendedPanel } from '../../features/recommend/components/recommended-panel';
import { SealedPlan } from '../../features/recommend/components/sealed-plan';
import { AfterAddOffers } from '../../features/shop-flow/components/after-add-offers';
import { PlanPopup } from '../../features/shop-flow/components/plan-popup';
import { useT } from '../../lib/i18n';
import { tempId } from '../../lib/storage';
import { m } from '../messages';

export function PlanDetailRoute() {
  const { id = '', name = '' } = useParams();
  // A recommended card's link carries the plan (and the site) sealed: opened first, then the plan's own page.
  if (!/^\d+$/.test(id)) return <SealedPlan key={id} sealed={id} name={name} />;
  return <PlanDetail id={id} />;
}

function PlanDetail({ id }: { id: string }) {
  const [enrollmentId, setEnrollmentId] = useState(() => tempId.get());
  // A plan opened before any quote (a featured plan on the landing page): its price needs one, so the quote form is
  // asked first, over the page, and the plan is shown priced for it; Cancel goes back.
  if (!enrollmentId) return <QuoteFirst planId={id} onQuoted={setEnrollmentId} />;

  // A premier plan goes into the cart together with the membership the shop sells it with.
  const addToCart: PlanDetailPageProps['addToCart'] = ({ plan_id, plan_pricing_id }, membership) =>
    membership
      ? addPlanToCartPrudentials({
          enrollment_id: enrollmentId,
          plan_id,
          plan_pricing_id,
          plan_id1: membership.plan_id,
          plan_pricing_id1: membership.plan_pricing_id,
        })
      : addPlanToCart({ enrollment_id: enrollmentId, plan_id, plan_pricing_id });

  return (
    <>
      <PlanDetailPage
        key={id}
        enrollmentId={enrollmentId}
        planId={id}
        addToCart={addToCart}
        renderQuote={(props) => <QuoteSummary enrollmentId={enrollmentId} planId={id} {...props} />}
        renderPopup={(props) => <PlanPopup enrollmentId={enrollmentId} planId={id} {...props} />}
        renderOffers={(props) => <AfterAddOffers enrollmentId={enrollmentId} {...props} />}
      />
      <RecommendedPanel key={`recommended-${id}`} page="home" exclude={Number(id)} />
    </>
  );
}

function QuoteFirst({ planId, onQuoted }: { planId: string; onQuoted: (enrollmentId: string) => void }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <>
      <h1>{t(m.seePlanPrice)}</h1>
      <p>{t(m.seePlanPriceLead)}</p>
      <QuoteFormDialog open planId={planId} onClose={() => navigate(-1)} onSaved={onQuoted} />
    </>
  );
}
