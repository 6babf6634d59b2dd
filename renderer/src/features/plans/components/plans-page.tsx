import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PartiesSummary } from '../../../components/parties-summary';
import { PlanCard } from '../../../components/plan-card';
import { Failed, Pending } from '../../../components/query-state';
import type { Schema } from '../../../lib/api';
import { useCategoryMenu, usePlanCategories } from '../../../lib/catalogue';
import { Message, useT } from '../../../lib/i18n';
import { ONE_COLUMN_QUERY, useMedia } from '../../../lib/media';
import { useSite } from '../../../lib/site';
import { lastListing } from '../../../lib/storage';
import { filteredPlansQuery } from '../api/get-filtered-plans';
import { m } from '../messages';
import { m as categoryTilesWords } from './category-tiles.messages';
import { sideFilterQuery } from '../api/get-left-side-filter-fields';
import { useCompareChoice } from '../hooks/use-compare-choice';
import { narrowing, refineOf, withoutRefine, withRefine, type Refine } from '../utils/refine';
import { CompareBar } from './compare-bar';
import { EstimateDialog, type Facets, RefinePanel } from './refine-panel';

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
  // The side filter's choice: the menu's category, and any others the person ticks.
  const [selected, setSelected] = useState<string[]>(type ? [type] : []);
  useEffect(() => setSelected(type ? [type] : []), [type]);
  // The listing comes a page at a time (Show more plans); an answer for categories no longer chosen is never drawn.
  // The key is compared by its content: the choices read afresh from the address each time ask the same question.
  const listing = useInfiniteQuery(filteredPlansQuery(id, selected, refine));
  const pages = listing.data?.pages;
  const plans = pages ? pages.flatMap((p) => p.result) : null;
  const total = pages?.[0]?.total ?? plans?.length ?? 0;
  // Why nothing is listed, in the words the server gives a person (its `message` is kept as other systems read it).
  const message = pages?.[0]?.notice ?? pages?.[0]?.message ?? null;
  // The choices stay on the screen while a new sort or filter loads: a checkbox just ticked is not taken away and drawn
  // again.
  const [lastFacets, setLastFacets] = useState<Facets | null>(null);
  const answered = pages?.[0]?.facets ?? null;
  useEffect(() => {
    if (answered) setLastFacets(answered);
  }, [answered]);
  const facets = answered ?? lastFacets;
  const estimate = facets?.estimate ? { usage: facets.estimate.usage, onExplain: () => setExplaining(true) } : undefined;

  // Saving the quote changes which plans there are and their prices: the quote's form reads everything about the
  // enrollment again (lib/quote.ts), this listing too.
  const known = categories ?? [];
  // The listing is drawn once both the plans and the categories they are grouped under are read.
  const drawn = plans !== null && categories !== null;
  const failed = listing.isError ? listing : categoriesRead.isError ? categoriesRead : null;
  const shown = known.filter((c) => selected.length === 0 || selected.includes(c.category));
  const title = shown.length === 1 ? shown[0].display_name : t(categoryTilesWords.plans);
  const { pathname, search } = useLocation();
  const only = shown.length === 1 ? shown[0].category : null;
  useEffect(() => {
    if (known.length > 0) lastListing.set({ href: `${pathname}${search}`, category: only });
  }, [pathname, search, only, known.length]);
  const compare = useCompareChoice();
  const oneColumn = useMedia(ONE_COLUMN_QUERY);
  const categoryName = (category: string) => known.find((c) => c.category === category)?.display_name;
  // On a phone the menu is one line that scrolls sideways: the current category is brought to its middle.
  const menuRef = useRef<HTMLElement>(null);
  const menuDrawn = menu.length > 0;
  useEffect(() => {
    const nav = menuRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    nav.scrollLeft += offset - (nav.clientWidth - current.offsetWidth) / 2;
  }, [type, menuDrawn]);
  const toggle = (category: string) =>
    setSelected((current) => (current.includes(category) ? current.filter((c) => c !== category) : [...current, category]));
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
      <nav aria-label={t(m.categories)} className="category-menu" ref={menuRef}>
        {menu.map((c) => (
          <Link key={c.category} to={`/plans?type=${c.category}`} aria-current={c.category === type ? 'page' : undefined}>
            {c.label}
          </Link>
        ))}
      </nav>
      <div className="plans-layout">
        {side.length > 0 && (
          <div className="plans-side">
            <CategoryFilter folded={oneColumn} chosen={selected.length}>
              {side.map((c) => (
                <label key={c.category}>
                  <input type="checkbox" checked={selected.includes(c.category)} onChange={() => toggle(c.category)} /> {t(m.withCount, { name: c.display_name, count: c.count })}
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
            shown.map((c) => {
              const inCategory = plans.filter((p) => p.plan_category === c.category);
              if (inCategory.length === 0) return null;
              return (
                <section key={c.category} aria-labelledby={`section-${c.category}`}>
                  <h2 id={`section-${c.category}`}>{c.section_name || c.display_name}</h2>
                  <ul className="cards">
                    {inCategory.map((p) => (
                      <PlanCard
                        key={p.plan_id}
                        plan={p}
                        estimate={estimate}
                        compare={{
                          checked: compare.choice.some((x) => x.plan_id === p.plan_id),
                          onChange: () =>
                            compare.toggle(
                              { plan_id: p.plan_id, plan_name: p.plan_name, category: p.plan_category },
                              categoryName(compare.choice[0]?.category ?? ''),
                            ),
                        }}
                      />
                    ))}
                  </ul>
                </section>
              );
            })
          )}
          {plans !== null && plans.length > 0 && plans.length < total && (
            <p className="show-more">
              <button type="button" onClick={() => void listing.fetchNextPage()} disabled={listing.isFetchingNextPage}>
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

/** A part of the side column: beside the plans on a wide screen, folded behind its title on a phone. */
function SideSection({ folded, title, chosen, children }: { folded: boolean; title: string; chosen: number; children: ReactNode }) {
  const t = useT();
  if (!folded) {
    return (
      <section className="side-filter" aria-label={title}>
        <h2 className="side-filter-title">{title}</h2>
        {children}
      </section>
    );
  }
  return (
    <details className="side-filter-folded">
      <summary>
        {title}
        {chosen > 0 && <span className="side-filter-count"> {t(m.chosen, { count: chosen })}</span>}
      </summary>
      <section className="side-filter" aria-label={title}>
        {children}
      </section>
    </details>
  );
}

/**
 * The category checkboxes: beside the plans on a wide screen; on a phone folded behind "Filter by category", which
 * says how many are ticked, so the plans start on the first screen rather than after a dozen checkboxes.
 */
function CategoryFilter({ folded, chosen, children }: { folded: boolean; chosen: number; children: ReactNode }) {
  const t = useT();
  if (!folded) {
    return (
      <fieldset className="side-filter">
        <legend>{t(m.filterByCategory)}</legend>
        {children}
      </fieldset>
    );
  }
  return (
    <details className="side-filter-folded">
      <summary>
        {t(m.filterByCategory)}
        {chosen > 0 && <span className="side-filter-count"> {t(m.chosen, { count: chosen })}</span>}
      </summary>
      <fieldset className="side-filter">
        <legend className="visually-hidden">{t(m.filterByCategory)}</legend>
        {children}
      </fieldset>
    </details>
  );
}
