import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
 * /compare?plans=1,2,3: the plans side by side, priced for the quote when the visitor has one (else "From"), each
 * fact people compare them by in a row, a health plan's estimated yearly cost, and Add to Cart for a plan the quote
 * prices without further questions. On a phone the table scrolls sideways with the facts' names kept in view; Print
 * gives the table alone.
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
        {(comparison) => (
        <div className="compare-scroll" role="region" aria-label={t(m.sideBySide)} tabIndex={0}>
          <table className="compare-table">
            <caption className="visually-hidden">
              {t(m.compared, { names: comparison.plans.map((p) => p.plan_name).join(', ') })}
            </caption>
            <thead>
              <tr>
                <td className="compare-corner" />
                {comparison.plans.map((p) => (
                  <th key={p.plan_id} scope="col">
                    <img src={p.plan_logo} alt="" width={120} height={36} />
                    <span className="compare-plan-name">{p.plan_name}</span>
                    <span className="compare-carrier">{p.carrier_name}</span>
                    <span className="compare-option">{p.option_name}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="compare-price">
                <th scope="row">{t(m.monthlyPrice)}</th>
                {comparison.plans.map((p) => (
                  <td key={p.plan_id}>
                    {p.plan_price != null ? (
                      <span className="price">
                        <Message of={m.perMonth} values={{ amount: money(p.plan_price), per: (chunks) => <span className="per">{chunks}</span> }} />
                      </span>
                    ) : p.from_price != null ? (
                      <span className="price">
                        <Message of={m.fromPerMonth} values={{ amount: money(p.from_price), per: (chunks) => <span className="per">{chunks}</span> }} />
                      </span>
                    ) : (
                      <span className="muted">{t(m.priceOnRequest)}</span>
                    )}
                  </td>
                ))}
              </tr>
              {comparison.plans.some((p) => p.yearly_cost) && (
                <tr>
                  <th scope="row">{t(m.yearlyCostMedium)}</th>
                  {comparison.plans.map((p) => (
                    <td key={p.plan_id}>{p.yearly_cost ? money(p.yearly_cost.medium) : <span className="muted">{t(m.notEstimated)}</span>}</td>
                  ))}
                </tr>
              )}
              {comparison.facts.map((f) => (
                <tr key={f.key}>
                  <th scope="row">{f.label}</th>
                  {f.values.map((v, i) => (
                    <td key={comparison.plans[i]?.plan_id ?? i}>{v ?? <span className="muted">{t(m.notStated)}</span>}</td>
                  ))}
                </tr>
              ))}
              {comparison.plans.some((p) => p.documents.length > 0) && (
                <tr>
                  <th scope="row">{t(m.documents)}</th>
                  {comparison.plans.map((p) => (
                    <td key={p.plan_id}>
                      {p.documents.length > 0 ? <PlanDocuments documents={p.documents} planName={p.plan_name} /> : <span className="muted">{t(m.none)}</span>}
                    </td>
                  ))}
                </tr>
              )}
              <tr className="compare-actions">
                <th scope="row">
                  <span className="visually-hidden">{t(m.actions)}</span>
                </th>
                {comparison.plans.map((p) => (
                  <td key={p.plan_id} className="no-print">
                    {p.plan_pricing_id != null && addToCart && (
                      <button type="button" className="primary" disabled={adding !== null} onClick={() => void add(p.plan_id, p.plan_pricing_id ?? 0)}>
                        <Message of={m.addToCart} values={{ name: p.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                      </button>
                    )}
                    <Link to={`/plan/${p.plan_id}/${slug(p.plan_name)}`} className={p.plan_pricing_id != null && addToCart ? 'button' : 'button primary'}>
                      <Message of={m.moreInfo} values={{ name: p.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                    </Link>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        )}
      </QueryState>
    </>
  );
}
