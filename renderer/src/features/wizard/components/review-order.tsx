import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import { m } from '../messages';

/** Beside the review: the plans applied for, each priced, and the first month's and the recurring monthly totals. */
export function ReviewOrder({ cart }: { cart: Schema<'CartSummary'> }) {
  const t = useT();
  return (
    <aside aria-labelledby="summary-heading" className="order-info">
      <h2 id="summary-heading">{t(m.plansHeading)}</h2>
      <ul className="order-lines">
        {cart.lines.map((l) => (
          <li key={l.plan_name}>
            <span>{l.plan_name}</span> <strong>{money(l.price)}</strong>
          </li>
        ))}
      </ul>
      <dl>
        <dt>{t(m.firstMonthTotal)}</dt>
        <dd>{money(cart.initial_month_cost)}</dd>
        <dt>{t(m.recurringMonthly)}</dt>
        <dd>{money(cart.recurring_month_cost)}</dd>
      </dl>
    </aside>
  );
}
