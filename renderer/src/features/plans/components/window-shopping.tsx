import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PlanCard } from '../../../components/plan-card';
import { QueryState } from '../../../components/query-state';
import type { Schema } from '../../../lib/api';
import { usePlanCategories } from '../../../lib/catalogue';
import { Message, useT } from '../../../lib/i18n';
import { lastListing } from '../../../lib/storage';
import { menuFilteredPlansQuery } from '../api/get-menu-filtered-plans';
import { useCompareChoice } from '../hooks/use-compare-choice';
import { m } from '../messages';
import { m as categoryTilesWords } from './category-tiles.messages';
import { m as featuredPlansWords } from './featured-plans.messages';
import { CompareBar } from './compare-bar';

export interface WindowShoppingProps {
  category: string;
  /** The visitor asks for a price: of the category's plans, or of one plan (to open it once priced). */
  onGetPrice: (plan: Schema<'PlanCard'> | null) => void;
}

/**
 * A category's plans for a visitor who has not given a quote yet: each with the lowest price anyone can be quoted,
 * and one call to action, Get your price, which asks the quote's questions only then.
 */
export function WindowShopping({ category, onGetPrice }: WindowShoppingProps) {
  const t = useT();
  const categories = usePlanCategories().data ?? [];
  const listing = useQuery(menuFilteredPlansQuery(category));

  const name = categories.find((c) => c.category === category)?.display_name ?? t(categoryTilesWords.plans);
  const { pathname, search } = useLocation();
  const known = categories.some((c) => c.category === category);
  useEffect(() => {
    if (categories.length > 0) lastListing.set({ href: `${pathname}${search}`, category: known ? category : null });
  }, [pathname, search, category, known, categories.length]);
  const compare = useCompareChoice();
  const categoryName = (key: string) => categories.find((c) => c.category === key)?.display_name;
  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={m.breadcrumbTrail}
          values={{ title: name, home: (chunks) => <Link to="/">{chunks}</Link>, current: (chunks) => <span aria-current="page">{chunks}</span> }}
        />
      </nav>
      <div className="window-head">
        <div>
          <h1>{name}</h1>
          <p className="lead">{t(m.windowLead)}</p>
        </div>
        <div className="price-cta">
          <p>{t(m.priceCta)}</p>
          <button type="button" className="primary large" onClick={() => onGetPrice(null)}>
            {t(m.getYourPrice)}
          </button>
        </div>
      </div>
      <QueryState query={listing}>
        {({ result: plans }) =>
          plans.length === 0 ? (
            <p>{t(m.noPlans)}</p>
          ) : (
        <ul className="cards">
          {plans.map((p) => (
            <PlanCard
              key={p.plan_id}
              headingLevel={2}
              plan={{ ...p, plan_price: p.from_price }}
              priceLabel={t(featuredPlansWords.from)}
              action={
                <button type="button" className="link-button" onClick={() => onGetPrice(p)}>
                  <Message of={m.moreInfo} values={{ name: p.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                </button>
              }
              compare={{
                checked: compare.choice.some((x) => x.plan_id === p.plan_id),
                onChange: () =>
                  compare.toggle({ plan_id: p.plan_id, plan_name: p.plan_name, category: p.plan_category }, categoryName(compare.choice[0]?.category ?? '')),
              }}
            />
          ))}
        </ul>
          )
        }
      </QueryState>
      <CompareBar choice={compare.choice} refusal={compare.refusal} onRemove={(c) => compare.toggle(c)} onClear={compare.clear} />
    </>
  );
}
