// The census quote: each offered plan's totals for the census under the group's contribution, and beside it what the
// employer would pay at another share of each employee's premium; printable as the proposal. The figures are the
// server's (engine::employer::quote).
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import { type Console, type Contribution, useQuote } from '../api/employer';
import { m } from '../messages';

export function QuoteSection({ console }: { console: Console }) {
  const t = useT();
  const quote = useQuote();
  const [percent, setPercent] = useState('75');
  const id = useId();
  const offered = console.settings?.offers ?? [];
  const ask = () => {
    const share = Number(percent);
    const whatIf: Record<string, Contribution> = Object.fromEntries(
      offered.map((o) => [o.category, { kind: 'percent', employee_percent: share, dependents_percent: 0 } as Contribution]),
    );
    quote.mutate(Number.isFinite(share) && percent.trim() !== '' ? [whatIf] : []);
  };
  const columns = [t(m.yours), ...(quote.data && quote.data.contributions > 1 ? [t(m.whatIfColumn, { percent })] : [])];
  return (
    <>
      <p className="hint">{t(m.quoteHint)}</p>
      <div className="employer-quote-ask">
        <label htmlFor={id} className="field-label">
          {t(m.whatIf)}
        </label>
        <input id={id} type="text" inputMode="numeric" value={percent} onChange={(e) => setPercent(e.currentTarget.value)} />
        <button type="button" className="primary" disabled={quote.isPending || offered.length === 0} onClick={ask}>
          {t(m.quote)}
        </button>
        {quote.data && (
          <button type="button" onClick={() => window.print()}>
            {t(m.print)}
          </button>
        )}
      </div>
      {quote.isError && (
        <p className="error" role="alert">
          {quote.error.message}
        </p>
      )}
      {quote.data && (
        <>
          <p>{t(m.quotedOn, { date: quote.data.start })}</p>
          <div className="employer-table-wrap">
            <table className="employer-table employer-quote-table">
              <thead>
                <tr>
                  <th scope="col">{t(m.plan)}</th>
                  <th scope="col" />
                  <th scope="col">{t(m.employees)}</th>
                  <th scope="col">{t(m.premium)}</th>
                  <th scope="col">{t(m.employerPays)}</th>
                  <th scope="col">{t(m.employeesPay)}</th>
                  {console.pays && <th scope="col">{t(m.perPaycheck)}</th>}
                </tr>
              </thead>
              <tbody>
                {quote.data.plans.flatMap((plan) =>
                  plan.totals.map((total, i) => (
                    <tr key={`${plan.plan_id}-${i}`} className={i === 0 ? 'employer-quote-first' : undefined}>
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={plan.totals.length}>
                          {t(m.planLevel, { plan: plan.plan_name, level: plan.level })}
                          <span className="hint">{plan.carrier_name}</span>
                        </th>
                      ) : null}
                      <td>{columns[i]}</td>
                      <td>{total.employees}</td>
                      <td>{money(total.premium)}</td>
                      <td>{money(total.employer)}</td>
                      <td>{money(total.employee)}</td>
                      {console.pays && <td>{total.employee_per_paycheck == null ? '' : money(total.employee_per_paycheck)}</td>}
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
