import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { PartiesSummary } from '../../../components/parties-summary';
import { Failed, Pending } from '../../../components/query-state';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { useListingName } from '../../../lib/listing-name';
import { useSite } from '../../../lib/site';
import { lastListing, lastPlan } from '../../../lib/storage';
import { cartDatesQuery } from '../api/get-cart-effective-dates';
import { type CartLine, planCartQuery } from '../api/get-plan-cart';
import { useCartChanges } from '../hooks/use-cart-changes';
import { m } from '../messages';
import { CartLines } from './cart-lines';
import { OrderInfo } from './order-info';
import { PlanDetailsDialog } from './plan-details-dialog';
import { QuoteDialog } from './quote-dialog';
import { Riders } from './riders';

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
  const changes = useCartChanges(id);
  const { error, reload } = changes;

  const checkout = async (type: string) => {
    if (type === 'back') {
      changes.clearError();
      setCheckingOut(false);
      reload();
      return;
    }
    let route: string | null = null;
    try {
      route = await changes.checkout(date, type);
    } finally {
      setCheckingOut(false);
    }
    if (route !== null) navigate(`/enrollment/${route}`);
  };

  const lines = cart?.result ?? [];
  const listing = lastListing.get();
  const listingName = useListingName(listing);
  const plan = lastPlan.get();
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
            <CartLines lines={lines.filter((l) => l.removable === 1)} onDetails={setDetails} onRemove={setRemoving} />
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
          {cart && cart.riders.length > 0 && <Riders riders={cart.riders} onAdd={(r) => void changes.addRider(r)} />}
        </section>
        <OrderInfo
          cart={cart}
          fixed={lines.filter((l) => l.removable === 0)}
          dates={dates}
          date={date}
          onDate={setDate}
          error={error}
          mayQuote={!!cart?.show_quotation && site?.special_host === false}
          onCheckout={() => setCheckingOut(true)}
          onQuote={() => setQuoting(true)}
        />
      </div>
      {recommended}
      {details && <PlanDetailsDialog line={details} onClose={() => setDetails(null)} />}
      <Modal title={t(m.removeTitle)} open={removing !== null}>
        <p>{t(m.removeQuestion)}</p>
        <div className="buttons">
          <button type="button" onClick={() => setRemoving(null)}>
            {t(m.no)}
          </button>
          <button
            type="button"
            className="primary"
            onClick={() => {
              if (!removing) return;
              void changes.remove(removing).then(() => setRemoving(null));
            }}
          >
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
          onLocalAction: (action) => void checkout(action),
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
