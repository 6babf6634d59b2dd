import { useEffect, useState } from 'react';
import { PlanCard } from '../../../components/plan-card';
import type { Schema } from '../../../lib/api';
import { getFeaturedPlans } from '../api/get-featured-plans';

/** The plans the store features, each with its starting price and leading to its category's plans. */
export function FeaturedPlans() {
  const [featured, setFeatured] = useState<Schema<'PlanCard'>[]>([]);
  useEffect(() => {
    getFeaturedPlans().then(setFeatured, () => setFeatured([]));
  }, []);
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="landing-section">
      <div className="section-head">
        <h2 id="featured-heading">Featured Plans</h2>
        <p>Popular choices from our carriers.</p>
      </div>
      <ul className="cards">
        {featured.map((p) =>
          p.plan_price == null && p.from_price != null ? (
            <PlanCard key={p.plan_id} plan={{ ...p, plan_price: p.from_price }} priceLabel="From" to={`/plans?type=${p.plan_category}`} />
          ) : (
            <PlanCard key={p.plan_id} plan={p} to={`/plans?type=${p.plan_category}`} />
          ),
        )}
      </ul>
    </section>
  );
}
