import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../../components/query-state';
import { lastListing, tempId } from '../../../lib/storage';
import { money, slug } from '../../../utils/format';
import { comparisonQuery } from '../api/compare-plans';

/**
 * /compare?plans=1,2,3: the plans side by side, priced for the quote when the visitor has one (else "From"), and each
 * fact people compare them by in a row. On a phone the table scrolls sideways with the facts' names kept in view.
 */
export function ComparePage() {
  const [params] = useSearchParams();
  const ids = params.get('plans') ?? '';
  const read = useQuery(comparisonQuery(ids, tempId.get()));
  const comparison = read.data;

  const listing = comparison ? { href: `/plans?type=${comparison.category}`, label: comparison.category_name } : lastListing.get();
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › <Link to={listing.href}>{listing.label}</Link> › <span aria-current="page">Compare</span>
      </nav>
      <div className="compare-head">
        <h1>{comparison ? `Compare ${comparison.category_name}` : 'Compare plans'}</h1>
        <Link to={listing.href} className="button">
          <span aria-hidden="true">←</span> Back to {listing.label}
        </Link>
      </div>
 <QueryState query={read}>
        {(comparison) => (
        <div className="compare-scroll" role="region" aria-label="Plans side by side" tabIndex={0}>
          <table className="compare-table">
            <caption className="visually-hidden">
              {comparison.plans.map((p) => p.plan_name).join(', ')} compared
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
                <th scope="row">Monthly price</th>
                {comparison.plans.map((p) => (
                  <td key={p.plan_id}>
                    {p.plan_price != null ? (
                      <span className="price">
                        {money(p.plan_price)}
                        <span className="per">/mo</span>
                      </span>
                    ) : p.from_price != null ? (
                      <span className="price">
                        From {money(p.from_price)}
                        <span className="per">/mo</span>
                      </span>
                    ) : (
                      <span className="muted">Price on request</span>
                    )}
                  </td>
                ))}
              </tr>
              {comparison.facts.map((f) => (
                <tr key={f.key}>
                  <th scope="row">{f.label}</th>
                  {f.values.map((v, i) => (
                    <td key={comparison.plans[i]?.plan_id ?? i}>{v ?? <span className="muted">Not stated</span>}</td>
                  ))}
                </tr>
              ))}
              <tr className="compare-actions">
                <th scope="row">
                  <span className="visually-hidden">Actions</span>
                </th>
                {comparison.plans.map((p) => (
                  <td key={p.plan_id}>
                    <Link to={`/plan/${p.plan_id}/${slug(p.plan_name)}`} className="button primary">
                      More Info<span className="visually-hidden"> about {p.plan_name}</span>
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
