import { useQuery } from '@tanstack/react-query';
import { PlanCard } from '../../../components/plan-card';
import { useT } from '../../../lib/i18n';
import { featuredPlansQuery } from '../api/get-featured-plans';
import { m } from './featured-plans.messages';

/** How many cards stand in for the plans while they load: a row of the widest grid. */
const PLACEHOLDERS = 4;

/**
 * The plans the store features, each with its starting price and leading to its own page (which asks for a quote
 * first when there is none, and prices the plan for it). Until they arrive,
 * the section is drawn with empty cards of a card's size, so that what is below does not move when the plans come.
 */
export function FeaturedPlans() {
  const t = useT();
  const read = useQuery(featuredPlansQuery);
  // A landing section the page does without when it cannot be read: the categories above lead to every plan.
  const featured = read.isError ? [] : read.data;
  if (featured === undefined) {
    return (
      <section aria-labelledby="featured-heading" aria-busy="true" className="landing-section">
        <div className="section-head">
          <h2 id="featured-heading">{t(m.featured)}</h2>
          <p>{t(m.featuredLead)}</p>
        </div>
        <ul className="cards" aria-hidden="true">
          {Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <li key={i} className="card plan-card card-placeholder" />
          ))}
        </ul>
      </section>
    );
  }
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="landing-section">
      <div className="section-head">
        <h2 id="featured-heading">{t(m.featured)}</h2>
        <p>{t(m.featuredLead)}</p>
      </div>
      <ul className="cards">
        {featured.map((p) =>
          p.plan_price == null && p.from_price != null ? (
            <PlanCard key={p.plan_id} plan={{ ...p, plan_price: p.from_price }} priceLabel={t(m.from)} />
          ) : (
            <PlanCard key={p.plan_id} plan={p} />
          ),
        )}
      </ul>
    </section>
  );
}
