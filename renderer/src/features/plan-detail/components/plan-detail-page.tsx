import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { Pending } from '../../../components/query-state';
import { PlanCard, PlanHighlights } from '../../../components/plan-card';
import { PlanDocuments } from '../../../components/plan-documents';
import { ApiError, type Schema } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { Message, useT } from '../../../lib/i18n';
import { lastListing } from '../../../lib/storage';
import { useListingName } from '../../../lib/listing-name';
import type { FlowAnswer } from '../../../types/api';
import { invalidateEnrollment } from '../../../lib/query';
import { planDetailQuery } from '../../../lib/plan-detail';
import { planPricesQuery } from '../api/get-plan-pricing-detail';
import { relatedPlansQuery } from '../api/get-related-plans';
import { shopPlanQuery } from '../api/get-shop-plan';
import { usePlanWhereabouts } from '../hooks/use-plan-whereabouts';
import { m } from '../messages';
import { type PriceLine, pricingOf } from '../utils/pricing';
import { PlanAbout } from './plan-about';
import { PriceLines } from './price-lines';

type FlowStep = Schema<'Step'>;

export type { PriceLine } from '../utils/pricing';

export interface PlanDetailPageProps {
  enrollmentId: string;
  planId: string;
  /** Puts a priced line in the cart, with the membership the shop sells a premier plan with; refuses with an ApiError. */
  addToCart: (line: PriceLine, membership: Schema<'PlanFlow'>['membership']) => Promise<unknown>;
  /** The quote's summary with its edit form (saving it reads everything about the enrollment again). */
  renderQuote: (props: { onSaved: () => void }) => ReactNode;
  /** The plan's popup opened at `start`; it finishes with the server's last answer (null when closed) and message. */
  renderPopup: (props: { start: FlowStep; onAnswered: () => void; onFinish: (answer: FlowAnswer | null, message: string | null) => void }) => ReactNode;
  /** The offers the shop makes once a plan is in the cart. */
  renderOffers: (props: { onFinish: () => void }) => ReactNode;
}

/** A plan: its prices (with Add to Cart once the shop's popups are answered), its texts and the plans suggested with it. */
export function PlanDetailPage({ enrollmentId, planId, addToCart, renderQuote, renderPopup, renderOffers }: PlanDetailPageProps) {
  const t = useT();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const client = useQueryClient();
  const planRead = useQuery(planDetailQuery(planId));
  const plan = planRead.data;
  const pricesRead = useQuery(planPricesQuery(enrollmentId, planId));
  const pricing = pricingOf(pricesRead.data, pricesRead.error, t(m.pricingUnavailable));
  // The popups are asked anew after each answer; until the flow is read again, none opens from the older one.
  const flowRead = useQuery(shopPlanQuery(enrollmentId, planId));
  const flow = flowRead.isFetching || flowRead.isError ? null : (flowRead.data ?? null);
  const related = useQuery(relatedPlansQuery(enrollmentId, planId)).data?.result ?? [];
  // The popup open now: one that opened by itself, or one a button opened (Enroll Now); null when none.
  const [popup, setPopup] = useState<{ start: FlowStep } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [offering, setOffering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);
  // Everything is read again, the quote's filter too (a popup's answer may change it).
  const load = () => void invalidateEnrollment(client, enrollmentId);

  usePlanWhereabouts(planRead.isError, pricesRead.error, planRead.data !== undefined);

  // A popup that opens by itself does so as soon as the server says it is needed (unless the person closed it).
  useEffect(() => {
    if (flow?.step && !popup && dismissed !== flow.step.step) setPopup({ start: flow.step });
  }, [flow, popup, dismissed]);

  const add = async (line: PriceLine) => {
    setFailure(null);
    try {
      await addToCart(line, flow?.membership ?? null);
      refresh();
      setOffering(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'alreadyActive') setActive(e.message);
      else setFailure(e instanceof ApiError ? e.message : t(m.notAdded));
    }
  };

  const seen = lastListing.get();
  const seenName = useListingName(seen);
  if (!plan) return <Pending />;
  const d = plan.plan_desc;
  const button = flow?.buttons[0];
  const pendingAuto = flow?.step ?? null;
  // "Plans" goes back to the listing the person came from when it lists this plan's kind, else to that kind's listing.
  const listing = seen.href.includes(`type=${plan.plan_category}`) ? { href: seen.href, label: seenName } : { href: `/plans?type=${plan.plan_category}`, label: t(m.plans) };

  return (
    <>
      <nav aria-label={t(m.breadcrumb)} className="breadcrumb">
        <Message
          of={d.blueBarText ? m.trailWithBar : m.trail}
          values={{
            listing: listing.label,
            plan: plan.plan_name,
            text: d.blueBarText,
            home: (chunks) => <Link to="/">{chunks}</Link>,
            back: (chunks) => <Link to={listing.href}>{chunks}</Link>,
            current: (chunks) => <span aria-current="page">{chunks}</span>,
            bar: (chunks) => <span className="blue-bar">{chunks}</span>,
          }}
        />
      </nav>
      {renderQuote({
        onSaved: () => {
          setDismissed(null);
          load();
        },
      })}
      <div className="plan-head">
        <img src={plan.plan_logo} alt={plan.carrier_name} width={160} height={48} />
        <h1>{plan.plan_name}</h1>
      </div>
      <PlanHighlights highlights={plan.highlights} />
      {pricing?.error &&
        (pricing.error.asked ? (
          // Nothing is wrong before the person has answered: the page says what gives the price.
          <p className="notice">{pricing.error.asked}</p>
        ) : (
          <p role="alert" className="error" data-code={pricing.error.code}>
            {pricing.error.message}
          </p>
        ))}
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
      {/* Present before it speaks, so that a screen reader hears what was added (WCAG 4.1.3). */}
      <div role="status">{notice && <p className="success">{notice}</p>}</div>
      {pricing?.notices.map((n) => (
        <p key={n} className="notice">
          {n}
        </p>
      ))}
      {d.association_text && <p className="notice">{d.association_text}</p>}
      {pendingAuto && !popup && (
        <p>
          <button type="button" onClick={() => setPopup({ start: pendingAuto })}>
            {pendingAuto.title}
          </button>
        </p>
      )}
      {pricing && pricing.plans.length > 0 && (
        <PriceLines
          lines={pricing.plans}
          hidesPrice={plan.hides_price}
          ready={flow?.ready ?? false}
          button={button}
          onAdd={(line) => void add(line)}
          onOpen={(start) => setPopup({ start })}
        />
      )}
      <PlanAbout description={d} />
      {plan.documents.length > 0 && (
        <section aria-labelledby="documents-heading">
          <h2 id="documents-heading">{t(m.documents)}</h2>
          <PlanDocuments documents={plan.documents} planName={plan.plan_name} />
        </section>
      )}
      {related.length > 0 && (
        <section aria-labelledby="suggested-heading">
          <h2 id="suggested-heading">{t(m.suggested)}</h2>
          <ul className="cards">
            {related.map((p) => (
              <PlanCard key={p.plan_id} plan={p} priceLabel={t(m.startingFrom)} />
            ))}
          </ul>
        </section>
      )}
      {popup && (
        <Fragment key={popup.start.step}>
          {renderPopup({
            start: popup.start,
            // Each answer may change what the page says behind the popup (a refused income answered again): its
            // prices and their words are read again at once, not only when the popups end.
            onAnswered: () => void client.invalidateQueries({ queryKey: planPricesQuery(enrollmentId, planId).queryKey }),
            onFinish: (answer, message) => {
              if (answer === null) setDismissed(popup.start.step);
              // The popups are asked anew; the answered one must not reopen from the flow read before the answer.
              setPopup(null);
              setNotice(message);
              load();
            },
          })}
        </Fragment>
      )}
      {offering &&
        renderOffers({
          // An offer taken put plans in the cart: the cart and the header's count and amount are read again.
          onFinish: () => {
            refresh();
            navigate('/cart');
          },
        })}
      <Modal title={t(m.alreadyActive)} open={active !== null}>
        <p>{active}</p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setActive(null)}>
            {t(m.ok)}
          </button>
        </div>
      </Modal>
    </>
  );
}
