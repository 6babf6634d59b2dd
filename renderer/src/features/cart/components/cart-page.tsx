import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { PartiesSummary } from '../../../components/parties-summary';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError, type Schema } from '../../../lib/api';
import { invalidateCart } from '../../../lib/query';
import { useSite } from '../../../lib/site';
import { lastListing, lastPlan } from '../../../lib/storage';
import { useListingName } from '../../../lib/listing-name';
import { money } from '../../../utils/format';
import { addPlanToCart } from '../api/add-plan-to-cart';
import { cartCheckout } from '../api/cart-checkout';
import { cartDatesQuery } from '../api/get-cart-effective-dates';
import { type CartLine, type Rider, planCartQuery } from '../api/get-plan-cart';
import { removePlanFromCart } from '../api/remove-plan-from-cart';
import { PlanDetailsDialog } from './plan-details-dialog';
import { QuoteDialog } from './quote-dialog';
import { PerPaycheck } from '../../../components/per-paycheck';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';

/** Remove's mark (its name, read instead, is the button's label). */
const CROSS = '✕';

const EMPTY: Schema<'CartAnswer'> = { result: [], initial_month_cost: 0, recurring_month_cost: 0, total_cost: 0, riders: [], notices: [], show_quotation: false };

export interface CartPageProps {
  enrollmentId: string;
  /** Who the quote is for (the member, the group, the portal, the rep), when known. */
  parties: Schema<'QuoteParties'> | null;
  /**
   * Checkout's steps for the chosen date: the upsells the shop still makes, then the confirmation, whose choices
   * (rep, member, back) come back to the page. `onAnswered` follows each answered upsell: it may have added a plan.
   */
  renderCheckout: (props: {
    effectiveDate: string;
    onAnswered: () => void;
    onLocalAction: (action: string) => void;
    onFinish: () => void;
  }) => ReactNode;
  /** What the page recommends below the cart (the app's Recommended Products). */
  recommended?: ReactNode;
}

/** The cart: its plans with Remove, the riders to add, the order's costs by effective date, checkout and the quote. */
export function CartPage({ enrollmentId: id, parties, renderCheckout, recommended }: CartPageProps) {
  const navigate = useNavigate();
  const { site } = useSite();
  const client = useQueryClient();
  const t = useT();
  const cartRead = useQuery(planCartQuery(id));
  // A cart that cannot be read is shown empty, with why above it.
  const cart = cartRead.isError ? EMPTY : (cartRead.data ?? null);
  const dates = useQuery(cartDatesQuery(id)).data?.result ?? [];
  const [chosenDate, setDate] = useState('');
  const date = chosenDate || dates[0] || '';
  const [removing, setRemoving] = useState<CartLine | null>(null);
  const [details, setDetails] = useState<CartLine | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  // The cart changed: its lines, costs, dates and the header's badge are read again.
  const reload = useCallback(() => void invalidateCart(client, id), [client, id]);

  const remove = async (line: CartLine) => {
    await removePlanFromCart({ enrollment_id: id, plan_id: line.plan_id, plan_pricing_id: line.plan_pricing_id }).catch(() => undefined);
    setRemoving(null);
    reload();
  };

  const addRider = async (rider: Rider) => {
    setError(null);
    try {
      await addPlanToCart({ enrollment_id: id, plan_id: rider.plan_id, plan_pricing_id: rider.plan_pricing_id });
      reload();
    } catch (e) {
      if (e instanceof ApiError) setError(e);
      else throw e;
    }
  };

  const checkout = async (type: string) => {
    setError(null);
    if (type === 'back') {
      setCheckingOut(false);
      reload();
      return;
    }
    // The cart as the person confirmed it is pictured for the audit record (what pictures it loads only now).
    const pictures = import('../../../lib/screenshot');
    const picture = pictures.then((screenshot) => screenshot.capturePage());
    try {
      const done = await cartCheckout({ enrollment_id: id, effective_date: date, type });
      void pictures.then((screenshot) => screenshot.sendScreenshot(id, 'cart_checkout', picture)).catch(() => undefined);
      setCheckingOut(false);
      navigate(`/enrollment/${done.next.route}`);
    } catch (e) {
      setCheckingOut(false);
      reload();
      if (e instanceof ApiError) setError(e);
      else throw e;
    }
  };

  const lines = cart?.result ?? [];
  const listing = lastListing.get();
  const listingName = useListingName(listing);
  const plan = lastPlan.get();
  const fixed = lines.filter((l) => l.removable === 0);
  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={m.breadcrumbTrail}
          values={{
            withMember: parties?.result.user_info ? 'yes' : 'no',
            withPlan: plan ? 'yes' : 'no',
            listing: <Link to={listing.href}>{listingName}</Link>,
            home: (chunks) => <Link to="/">{chunks}</Link>,
            member: (chunks) => <span>{chunks}</span>,
            plan: (chunks) => <Link to={plan ?? ''}>{chunks}</Link>,
            here: (chunks) => <span aria-current="page">{chunks}</span>,
          }}
        />
      </nav>
      <PartiesSummary parties={parties} />
      <div role="status">{sent && <p className="success">{sent}</p>}</div>
      <div className="cart-layout">
        <section aria-labelledby="cart-heading">
          <h1 id="cart-heading">{t(m.heading)}</h1>
          <Link to={listing.href} className="continue-shopping">
            <Message of={m.continueShopping} values={{ arrow: (chunks) => <span aria-hidden="true">{chunks}</span> }} />
          </Link>
          {cartRead.isError && <Failed query={cartRead} />}
          {cart === null ? (
            <Pending />
          ) : lines.length === 0 ? (
            <p>{t(m.empty)}</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t(m.product)}</th>
                  <th scope="col">{t(m.totalPrice)}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t(m.remove)}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines
                  .filter((l) => l.removable === 1)
                  .map((l) => (
                    <tr key={l.plan_id}>
                      <td>
                        <button type="button" className="link" onClick={() => setDetails(l)}>
                          <Message of={m.planDetailsOf} values={{ name: l.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                        </button>
                        <br />
                        <small>{l.coverage ? t(m.lineCoverage, { coverage: l.coverage, level: l.option_name }) : l.option_name}</small>
                      </td>
                      <td>
                        {money(l.price)}
                        <PerPaycheck paycheck={l.per_paycheck} />
                      </td>
                      <td>
                        <button type="button" className="link" aria-label={t(m.removePlan, { name: l.plan_name })} onClick={() => setRemoving(l)}>
                          {CROSS}
                        </button>
                      </td>
                    </tr>
                  ))}
              </tbody>
            </table>
          )}
          {error?.messageFor('cart') && (
            <p role="alert" className="error">
              {error.messageFor('cart')}
            </p>
          )}
          {cart?.notices.map((n) => (
            <p key={n} className="notice">
              {n}
            </p>
          ))}
          {cart && cart.riders.length > 0 && (
            <section aria-labelledby="riders-heading">
              <h2 id="riders-heading">{t(m.ridersHeading)}</h2>
              <ul className="cards">
                {cart.riders.map((r) => (
                  <li key={r.plan_pricing_id} className="card">
                    <h3>{r.plan_name}</h3>
                    <p>{r.plan_short_text}</p>
                    <p className="price">{t(m.riderPrice, { option: r.option_name, price: money(r.price) })}</p>
                    <button type="button" onClick={() => addRider(r)}>
                      <Message of={m.addRider} values={{ name: r.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>
        <aside aria-labelledby="order-heading" className="order-info">
          <h2 id="order-heading">{t(m.orderHeading)}</h2>
          <label htmlFor="effective-date">{t(m.effectiveDate)}</label>
          <select id="effective-date" value={date} onChange={(e) => setDate(e.target.value)}>
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
          <button type="button" className="primary" disabled={lines.length === 0} onClick={() => setCheckingOut(true)}>
            {t(m.checkout)}
          </button>
          {/* A rep's or group's process may send a quote, never on the single-portal host. */}
          {cart?.show_quotation && site?.special_host === false && lines.length > 0 && (
            <button type="button" onClick={() => setQuoting(true)}>
              {t(m.sendQuote)}
            </button>
          )}
        </aside>
      </div>
      {recommended}
      {details && <PlanDetailsDialog line={details} onClose={() => setDetails(null)} />}
      <Modal title={t(m.removeTitle)} open={removing !== null}>
        <p>{t(m.removeQuestion)}</p>
        <div className="buttons">
          <button type="button" onClick={() => setRemoving(null)}>
            {t(m.no)}
          </button>
          <button type="button" className="primary" onClick={() => removing && remove(removing)}>
            {t(m.yes)}
          </button>
        </div>
      </Modal>
      {checkingOut &&
        renderCheckout({
          effectiveDate: date,
          onAnswered: () => {
            // An accepted upsell is in the cart now: the page and the header show it at once.
            reload();
          },
          onLocalAction: checkout,
          onFinish: () => {
            setCheckingOut(false);
            reload();
          },
        })}
      {quoting && (
        <QuoteDialog
          id={id}
          member={
            parties?.result.user_info
              ? { name: `${parties.result.user_info.first_name} ${parties.result.user_info.last_name}`, email: parties.result.user_info.email }
              : null
          }
          onClose={(message) => {
            setQuoting(false);
            setSent(message);
          }}
        />
      )}
    </>
  );
}
