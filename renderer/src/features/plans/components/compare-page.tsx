import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { PlanDocuments } from '../../../components/plan-documents';
import { QueryState } from '../../../components/query-state';
import { Message, useT } from '../../../lib/i18n';
import { lastListing, tempId } from '../../../lib/storage';
import { useListingName } from '../../../lib/listing-name';
import { money, slug } from '../../../utils/format';
import { comparisonQuery } from '../api/compare-plans';
import { m } from '../messages';

/**
 * /compare?plans=1,2,3&usage=high: the plans side by side, priced for the quote when the visitor has one (else "From"),
 * each fact people compare them by in a row (a household's deductible and maximum for a quote of more than one), a
 * health plan's estimated yearly cost at the listing's level of use, and Add to Cart for a plan the quote prices
 * without further questions. On a phone the plans stack, one card each with every fact; Print gives the table alone.
 */
export function ComparePage({ addToCart }: { addToCart?: (planId: number, planPricingId: number) => Promise<void> }) {
  const t = useT();
  const [params] = useSearchParams();
  const [adding, setAdding] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const add = async (planId: number, planPricingId: number) => {
    if (!addToCart) return;
    setAdding(planId);
    setRefusal(null);
    try {
      await addToCart(planId, planPricingId);
    } catch (e) {
      if (e instanceof ApiError) setRefusal(e.message);
      else throw e;
    } finally {
      setAdding(null);
    }
  };
  const ids = params.get('plans') ?? '';
  // The level of use the listing was shown at (its own choice), so the comparison's yearly costs are the list's.
  const usage = ((u) => (u === 'low' || u === 'high' ? u : 'medium'))(params.get('usage'));
  const read = useQuery(comparisonQuery(ids, tempId.get()));
  const comparison = read.data;

  const seen = lastListing.get();
  const seenName = useListingName(seen);
  const listing = comparison ? { href: `/plans?type=${comparison.category}`, label: comparison.category_name } : { href: seen.href, label: seenName };
  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={m.compareTrail}
          values={{
            name: listing.label,
            home: (chunks) => <Link to="/">{chunks}</Link>,
            listing: (chunks) => <Link to={listing.href}>{chunks}</Link>,
            current: (chunks) => <span aria-current="page">{chunks}</span>,
          }}
        />
      </nav>
      <div className="compare-head">
        <h1>{comparison ? t(m.compareCategory, { category: comparison.category_name }) : t(m.comparePlans)}</h1>
        <span className="buttons no-print">
          <button type="button" onClick={() => window.print()}>
            {t(m.print)}
          </button>
          <Link to={listing.href} className="button">
            <Message of={m.backTo} values={{ listing: listing.label, arrow: (chunks) => <span aria-hidden="true">{chunks}</span> }} />
          </Link>
        </span>
      </div>
      <div role="status">
        {refusal && (
          <p className="error" role="alert">
            {refusal}
          </p>
        )}
      </div>
 <QueryState query={read}>
        {(comparison) => {
          const per = (chunks: ReactNode[]) => <span className="per">{chunks}</span>;
          const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
          type Plan = (typeof comparison.plans)[number];
          const coverage = (p: Plan) => (p.coverage ? t(m.compareCoverage, { coverage: p.coverage, level: p.option_name }) : p.option_name);
          const price = (p: Plan) =>
            p.plan_price != null ? (
              <span className="price">
                <Message of={m.perMonth} values={{ amount: money(p.plan_price), per }} />
              </span>
            ) : p.from_price != null ? (
              <span className="price">
                <Message of={m.fromPerMonth} values={{ amount: money(p.from_price), per }} />
              </span>
            ) : (
              <span className="muted">{t(m.priceOnRequest)}</span>
            );
          const yearly = (p: Plan) => (p.yearly_cost ? money(p.yearly_cost[usage]) : <span className="muted">{t(m.notEstimated)}</span>);
          const stated = (v: string | null | undefined) => v ?? <span className="muted">{t(m.notStated)}</span>;
          const documents = (p: Plan) =>
            p.documents.length > 0 ? <PlanDocuments documents={p.documents} planName={p.plan_name} /> : <span className="muted">{t(m.none)}</span>;
          const actions = (p: Plan) => (
            <>
              {p.plan_pricing_id != null && addToCart && (
                <button type="button" className="primary" disabled={adding !== null} onClick={() => void add(p.plan_id, p.plan_pricing_id ?? 0)}>
                  <Message of={m.addToCart} values={{ name: p.plan_name, hidden }} />
                </button>
              )}
              <Link to={`/plan/${p.plan_id}/${slug(p.plan_name)}`} className={p.plan_pricing_id != null && addToCart ? 'button' : 'button primary'}>
                <Message of={m.moreInfo} values={{ name: p.plan_name, hidden }} />
              </Link>
            </>
          );
          const anyYearly = comparison.plans.some((p) => p.yearly_cost);
          const anyDocuments = comparison.plans.some((p) => p.documents.length > 0);
          return (
            <>
              {/* Wide screens: the plans side by side, a fact a row. */}
              <div className="compare-scroll compare-wide" role="region" aria-label={t(m.sideBySide)} tabIndex={0}>
                <table className="compare-table">
                  <caption className="visually-hidden">{t(m.compared, { names: comparison.plans.map((p) => p.plan_name).join(', ') })}</caption>
                  <thead>
                    <tr>
                      <td className="compare-corner" />
                      {comparison.plans.map((p) => (
                        <th key={p.plan_id} scope="col">
                          <img src={p.plan_logo} alt="" width={120} height={36} />
                          <span className="compare-plan-name">{p.plan_name}</span>
                          <span className="compare-carrier">{p.carrier_name}</span>
                          <span className="compare-option">{coverage(p)}</span>
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    <tr className="compare-price">
                      <th scope="row">{t(m.monthlyPrice)}</th>
                      {comparison.plans.map((p) => (
                        <td key={p.plan_id}>{price(p)}</td>
                      ))}
                    </tr>
                    {anyYearly && (
                      <tr>
                        <th scope="row">{t(m.yearlyCostAt, { usage })}</th>
                        {comparison.plans.map((p) => (
                          <td key={p.plan_id}>{yearly(p)}</td>
                        ))}
                      </tr>
                    )}
                    {comparison.facts.map((f) => (
                      <tr key={f.key}>
                        <th scope="row">{f.label}</th>
                        {f.values.map((v, i) => (
                          <td key={comparison.plans[i]?.plan_id ?? i}>{stated(v)}</td>
                        ))}
                      </tr>
                    ))}
                    {anyDocuments && (
                      <tr>
                        <th scope="row">{t(m.documents)}</th>
                        {comparison.plans.map((p) => (
                          <td key={p.plan_id}>{documents(p)}</td>
                        ))}
                      </tr>
                    )}
                    <tr className="compare-actions">
                      <th scope="row">
                        <span className="visually-hidden">{t(m.actions)}</span>
                      </th>
                      {comparison.plans.map((p) => (
                        <td key={p.plan_id} className="no-print">
                          {actions(p)}
                        </td>
                      ))}
                    </tr>
                  </tbody>
                </table>
              </div>
              {/* A phone: one plan under another, each with every fact, so none is read sideways. */}
              <ol className="compare-stack" aria-label={t(m.sideBySide)}>
                {comparison.plans.map((p, i) => (
                  <li key={p.plan_id} className="card compare-card">
                    <img src={p.plan_logo} alt="" width={120} height={36} />
                    <h2 className="compare-plan-name">{p.plan_name}</h2>
                    <span className="compare-carrier">{p.carrier_name}</span>
                    <span className="compare-option">{coverage(p)}</span>
                    <dl>
                      <div className="compare-price">
                        <dt>{t(m.monthlyPrice)}</dt>
                        <dd>{price(p)}</dd>
                      </div>
                      {anyYearly && (
                        <div>
                          <dt>{t(m.yearlyCostAt, { usage })}</dt>
                          <dd>{yearly(p)}</dd>
                        </div>
                      )}
                      {comparison.facts.map((f) => (
                        <div key={f.key}>
                          <dt>{f.label}</dt>
                          <dd>{stated(f.values[i])}</dd>
                        </div>
                      ))}
                      {anyDocuments && (
                        <div>
                          <dt>{t(m.documents)}</dt>
                          <dd>{documents(p)}</dd>
                        </div>
                      )}
                    </dl>
                    <div className="buttons no-print">{actions(p)}</div>
                  </li>
                ))}
              </ol>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
