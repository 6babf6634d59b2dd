import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Schema } from '../../lib/api';
import { QuoteFormDialog } from '../../features/filter/components/quote-form-dialog';
import { QuoteSummary } from '../../features/filter/components/quote-summary';
import { useQuoteParties } from '../../features/filter/hooks/use-quote-parties';
import { LocationBanner } from '../../features/leads/components/location-banner';
import { PlansPage } from '../../features/plans/components/plans-page';
import { WindowShopping } from '../../features/plans/components/window-shopping';
import { RecommendedPanel } from '../../features/recommend/components/recommended-panel';
import { tempId } from '../../lib/storage';
import { slug } from '../../utils/format';

/**
 * /plans?type=: the quote's plans, priced; or, for a visitor with no quote yet, the category's plans with their
 * starting prices (window shopping), and the quote form only when they ask for a price.
 */
export function PlansRoute() {
  const [id, setId] = useState(tempId.get);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Whether the quote form is open, and for which plan (null: the category's plans).
  const [pricing, setPricing] = useState<{ plan: Schema<'PlanCard'> | null } | null>(null);
  const category = params.get('type') || 'medical';

  if (id) return <Plans enrollmentId={id} />;
  return (
    <>
      <WindowShopping category={category} onGetPrice={(plan) => setPricing({ plan })} />
      <RecommendedPanel page="home" />
      <LocationBanner />
      <QuoteFormDialog
        category={category}
        open={pricing !== null}
        onClose={() => setPricing(null)}
        onSaved={(created) => {
          const plan = pricing?.plan;
          setPricing(null);
          if (plan) navigate(`/plan/${plan.plan_id}/${slug(plan.plan_name)}`);
          else setId(created);
        }}
      />
    </>
  );
}

function Plans({ enrollmentId }: { enrollmentId: string }) {
  const [params] = useSearchParams();
  const parties = useQuoteParties(enrollmentId);
  return (
    <>
      <PlansPage
        enrollmentId={enrollmentId}
        parties={parties}
        // The category shopped decides whether the quote form asks the category (the premier flag of medical plans).
        renderQuote={(props) => <QuoteSummary enrollmentId={enrollmentId} category={params.get('type') ?? ''} {...props} />}
        recommended={<RecommendedPanel page="home" />}
      />
      <LocationBanner />
    </>
  );
}
