import { useEffect, useState } from 'react';
import { PlanCard } from '../../../components/plan-card';
import type { Schema } from '../../../lib/api';
import { getFeaturedPlans } from '../api/get-featured-plans';

/** The plans the store features, each leading to its category's plans; nothing while there are none. */
export function FeaturedPlans() {
  const [featured, setFeatured] = useState<Schema<'PlanCard'>[]>([]);
  useEffect(() => {
    getFeaturedPlans().then(setFeatured, () => setFeatured([]));
  }, []);
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading">
      <h2 id="featured-heading">Featured Plans</h2>
      <ul className="cards">
        {featured.map((p) => (
          <PlanCard key={p.plan_id} plan={p} to={`/plans?type=${p.plan_category}`} />
        ))}
      </ul>
    </section>
  );
}
