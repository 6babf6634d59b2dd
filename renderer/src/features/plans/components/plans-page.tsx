import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PartiesSummary } from '../../../components/parties-summary';
import { Failed, Pending } from '../../../components/query-state';
import type { Schema } from '../../../lib/api';
import { useCategoryMenu, usePlanCategories } from '../../../lib/catalogue';
import { Message, useT } from '../../../lib/i18n';
import { ONE_COLUMN_QUERY, useMedia } from '../../../lib/media';
import { useSite } from '../../../lib/site';
import { lastListing } from '../../../lib/storage';
import { m } from '../messages';
import { m as categoryTilesWords } from './category-tiles.messages';
import { sideFilterQuery } from '../api/get-left-side-filter-fields';
import { useChosenCategories } from '../hooks/use-chosen-categories';
import { useCompareChoice } from '../hooks/use-compare-choice';
import { useListing } from '../hooks/use-listing';
import { narrowing, refineOf, withoutRefine, withRefine, type Refine } from '../utils/refine';
import { CategoryMenu } from './category-menu';
import { CompareBar } from './compare-bar';
import { PlanSections } from './plan-sections';
import { EstimateDialog, RefinePanel } from './refine-panel';
import { CategoryFilter, SideSection } from './side-column';

export interface PlansPageProps {
  enrollmentId: string;
  /** Who the quote is for (the member, the group, the portal, the rep), when known. */
  parties: Schema<'QuoteParties'> | null;
  /** The quote's summary with its edit form (saving it reads everything about the enrollment again). */
  renderQuote: (props: { onSaved: () => void }) => ReactNode;
  /** The plans recommended below the list, once the list is drawn (the app's Recommended Products). */
  recommended?: ReactNode;
}

/**
 * The plans of the chosen categories, the quote above them, and beside them the categories and the person's sort and
 * filters (kept in the address: Back, a reload and a shared link restore them).
 */
export function PlansPage({ enrollmentId: id, parties, renderQuote, recommended }: PlansPageProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const refine = refineOf(params);
  const [explaining, setExplaining] = useState(false);
  const changeRefine = (changes: Refine) => setParams(withRefine(params, changes));
  const clearRefine = () => setParams(withoutRefine(params));
  const { site } = useSite();
  // The categories' names and order: the listing is drawn under them, so it waits for both.
  const categoriesRead = usePlanCategories();
  const categories = categoriesRead.data ?? null;
  const menu = useCategoryMenu(site);
  const side = useQuery(sideFilterQuery(id)).data?.result.categories ?? [];
  const { chosen, toggle } = useChosenCategories(type);
  const { listing, plans, total, message, facets, showMore } = useListing(id, chosen, refine);
  const estimate = facets?.estimate ? { usage: facets.estimate.usage, onExplain: () => setExplaining(true) } : undefined;
  // Saving the quote changes which plans there are and their prices: the quote's form reads everything about the
  // enrollment again (lib/quote.ts), this listing too.
  const known = categories ?? [];
  // The listing is drawn once both the plans and the categories they are grouped under are read.
  const drawn = plans !== null && categories !== null;
  const failed = listing.isError ? listing : categoriesRead.isError ? categoriesRead : null;
  const shown = known.filter((c) => chosen.length === 0 || chosen.includes(c.category));
  const title = shown.length === 1 ? shown[0].display_name : t(categoryTilesWords.plans);
  useRememberedListing(known.length > 0, shown.length === 1 ? shown[0].category : null);
  const compare = useCompareChoice();
  const oneColumn = useMedia(ONE_COLUMN_QUERY);
  const categoryName = (category: string) => known.find((c) => c.category === category)?.display_name;
  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={parties?.result.user_info ? m.breadcrumbMember : m.breadcrumbTrail}
          values={{
            title,
            home: (chunks) => <Link to="/">{chunks}</Link>,
            member: (chunks) => <span>{chunks}</span>,
            current: (chunks) => <span aria-current="page">{chunks}</span>,
          }}
        />
      </nav>
      <h1>{title}</h1>
      {renderQuote({ onSaved: () => undefined })}
      <PartiesSummary parties={parties} />
      <CategoryMenu menu={menu} current={type} />
      <div className="plans-layout">
        {side.length > 0 && (
          <div className="plans-side">
            <CategoryFilter folded={oneColumn} chosen={chosen.length}>
              {side.map((c) => (
                <label key={c.category}>
                  <input type="checkbox" checked={chosen.includes(c.category)} onChange={() => toggle(c.category)} /> {t(m.withCount, { name: c.display_name, count: c.count })}
                </label>
              ))}
            </CategoryFilter>
            <SideSection folded={oneColumn} title={t(m.sortAndFilter)} chosen={narrowing(refine)}>
              <RefinePanel refine={refine} facets={facets} onChange={changeRefine} onClear={clearRefine} onExplain={() => setExplaining(true)} />
            </SideSection>
          </div>
        )}
        <div>
          {failed ? (
            <Failed query={failed} />
          ) : !drawn ? (
            <Pending />
          ) : plans.length === 0 ? (
            <div role="status">
              <p>{message}</p>
              {narrowing(refine) > 0 && (
                <button type="button" onClick={clearRefine}>
                  {t(m.clearAll)}
                </button>
              )}
            </div>
          ) : (
            <PlanSections shown={shown} plans={plans} estimate={estimate} compare={compare} categoryName={categoryName} />
          )}
          {plans !== null && plans.length > 0 && plans.length < total && (
            <p className="show-more">
              <button type="button" onClick={showMore} disabled={listing.isFetchingNextPage}>
                {t(m.showMore, { count: total - plans.length })}
              </button>
            </p>
          )}
        </div>
      </div>
      {drawn && recommended}
      {explaining && facets?.estimate && <EstimateDialog estimate={facets.estimate} onClose={() => setExplaining(false)} />}
      <CompareBar choice={compare.choice} refusal={compare.refusal} onRemove={(c) => compare.toggle(c)} onClear={compare.clear} usage={facets?.estimate?.usage} />
    </>
  );
}

/** The listing's address and its one category, remembered for the tab (the cart's Continue Shopping goes back to it). */
function useRememberedListing(ready: boolean, only: string | null) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (ready) lastListing.set({ href: `${pathname}${search}`, category: only });
  }, [pathname, search, only, ready]);
}
