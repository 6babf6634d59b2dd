import { PerPaycheck } from '../../../components/per-paycheck';
import type { ApiError, Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import type { CartLine } from '../api/get-plan-cart';
import { m } from '../messages';

export interface OrderInfoProps {
  cart: Schema<'CartAnswer'> | null;
  /** The lines that come with a plan (a membership): listed here with their price, not removable. */
  fixed: CartLine[];
  dates: string[];
  date: string;
  onDate: (date: string) => void;
  error: ApiError | null;
  /** Whether the page may offer Send Quote (a rep's or group's process, never on the single-portal host). */
  mayQuote: boolean;
  onCheckout: () => void;
  onQuote: () => void;
}

/**
 * The order's side: the effective date, the lines that come with a plan, the costs, Checkout and Send Quote. Checkout
 * waits for the dates offered: the confirmation it opens states the date chosen.
 */
export function OrderInfo({ cart, fixed, dates, date, onDate, error, mayQuote, onCheckout, onQuote }: OrderInfoProps) {
  const t = useT();
  const empty = (cart?.result.length ?? 0) === 0;
  return (
    <aside aria-labelledby="order-heading" className="order-info">
      <h2 id="order-heading">{t(m.orderHeading)}</h2>
      <label htmlFor="effective-date">{t(m.effectiveDate)}</label>
      <select id="effective-date" value={date} onChange={(e) => onDate(e.target.value)}>
        {dates.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </select>
      {error?.messageFor('effective_date') && (
        <p role="alert" className="error">
          {error.messageFor('effective_date')}
        </p>
      )}
      {fixed.map((l) => (
        <p key={l.plan_id}>{t(m.fixedLine, { name: l.plan_name, price: money(l.price) })}</p>
      ))}
      <dl>
        <dt>{t(m.firstMonthCost)}</dt>
        <dd>{money(cart?.initial_month_cost)}</dd>
        <dt>{t(m.recurringCost)}</dt>
        <dd>
          {money(cart?.recurring_month_cost)}
          <PerPaycheck paycheck={cart?.per_paycheck} />
        </dd>
        <dt>{t(m.totalCost)}</dt>
        <dd>{money(cart?.total_cost)}</dd>
      </dl>
      <button type="button" className="primary" disabled={empty || !date} onClick={onCheckout}>
        {t(m.checkout)}
      </button>
      {mayQuote && !empty && (
        <button type="button" onClick={onQuote}>
          {t(m.sendQuote)}
        </button>
      )}
    </aside>
  );
}
