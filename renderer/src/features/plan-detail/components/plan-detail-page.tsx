import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { Pending } from '../../../components/query-state';
import { PlanCard, PlanHighlights } from '../../../components/plan-card';
import { PerPaycheck } from '../../../components/per-paycheck';
import { PlanDocuments } from '../../../components/plan-documents';
import { ApiError, type Schema } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { Message, useT } from '../../../lib/i18n';
import { lastListing, lastPlan } from '../../../lib/storage';
import { useListingName } from '../../../lib/listing-name';
import type { FlowAnswer } from '../../../types/api';
import { money } from '../../../utils/format';
import { invalidateEnrollment } from '../../../lib/query';
import { planDetailQuery } from '../../../lib/plan-detail';
import { planPricesQuery } from '../api/get-plan-pricing-detail';
import { relatedPlansQuery } from '../api/get-related-plans';
import { shopPlanQuery } from '../api/get-shop-plan';
import { m } from '../messages';

type FlowStep = Schema<'Step'>;

/**
 * What the page reads of an option priced for the quote: the answer's PriceLine, or a line of the `plans` a pricing
 * refusal still carries, which the document does not describe (so it is checked, field by field, before it is shown).
 */
export type PriceLine = Pick<Schema<'PriceLine'>, 'plan_id' | 'plan_pricing_id' | 'option_name' | 'plan_price' | 'yearly_cost' | 'per_paycheck'> &
  Partial<Pick<Schema<'PriceLine'>, 'coverage'>>;

function isPriceLine(value: unknown): value is PriceLine {
  if (typeof value !== 'object' || value === null) return false;
  const line: Partial<Record<keyof PriceLine, unknown>> = value;
  return (
    typeof line.plan_id === 'number' &&
    typeof line.plan_pricing_id === 'number' &&
    typeof line.option_name === 'string' &&
    (line.plan_price === undefined || line.plan_price === null || typeof line.plan_price === 'number')
  );
}

interface Pricing {
  plans: PriceLine[];
  notices: string[];
  /** `asked`: the price waits for an answer the plan's questions ask (the income), not given yet: the server's words
   * for it, shown instead of a refusal (there is no fault to show yet). */
  error: { code?: string; message: string; asked: string | null } | null;
}

/**
 * The prices as the page shows them: the answer's, or a refusal's message with any prices it still carries (`unavailable`
 * when the refusal has no words of the server's).
 */
function pricingOf(answer: Schema<'PlanPrices'> | undefined, error: unknown, unavailable: string): Pricing | null {
  if (answer) return { plans: answer.plans, notices: answer.notices, error: null };
  if (!error) return null;
  if (error instanceof ApiError && error.code === 'changePid') return null;
  const message = error instanceof ApiError ? error.message : unavailable;
  const plans = error instanceof ApiError && Array.isArray(error.extra.plans) ? error.extra.plans.filter(isPriceLine) : [];
  const asked = error instanceof ApiError && typeof error.extra.asked === 'string' ? error.extra.asked : null;
  return { plans, notices: [], error: { code: error instanceof ApiError ? error.code : undefined, message, asked } };
}

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

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className="prewrap">
            {p.trim()}
          </p>
        ))}
    </>
  );
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

  // A plan that does not exist is a page that does not; a plan sold as another shows the other.
  const missing = planRead.isError;
  const moved = pricesRead.error instanceof ApiError && pricesRead.error.code === 'changePid' ? pricesRead.error.extra.pid : undefined;
  useEffect(() => {
    if (missing) navigate('/404');
    else if (moved) navigate(`/plan/${String(moved)}/plan`, { replace: true });
  }, [missing, moved, navigate]);

  // The cart's breadcrumb leads back to the plan last looked at.
  const { pathname } = useLocation();
  useEffect(() => {
    if (planRead.data) lastPlan.set(pathname);
  }, [planRead.data, pathname]);

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
        <section aria-labelledby="prices-heading">
          <h2 id="prices-heading">{t(m.yourPrice)}</h2>
          {/* On a phone each line is a card of its own (styles.css, .price-lines): the roles stay those of a table. */}
          <table className="table price-lines" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t(m.coverage)}</th>
                <th scope="col" role="columnheader">{t(m.level)}</th>
                <th scope="col" role="columnheader">{t(m.monthlyPrice)}</th>
                {pricing.plans.some((l) => l.yearly_cost) && (
                  <th scope="col" role="columnheader">
                    {t(m.yearlyCostMedium)}
                  </th>
                )}
                <th scope="col" role="columnheader">
                  <span className="visually-hidden">{t(m.action)}</span>
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {pricing.plans.map((line) => (
                <tr key={line.plan_pricing_id} role="row">
                  <td role="cell" data-label={t(m.coverage)}>{line.coverage}</td>
                  <td role="cell" data-label={t(m.level)}>{line.option_name}</td>
                  <td role="cell" data-label={t(m.monthlyPrice)}>
                    {plan.hides_price || line.plan_price == null ? t(m.shownInCart) : money(line.plan_price)}
                    <PerPaycheck paycheck={line.per_paycheck} />
                  </td>
                  {pricing.plans.some((l) => l.yearly_cost) && (
                    <td role="cell" data-label={t(m.yearlyCostMedium)}>
                      {line.yearly_cost ? money(line.yearly_cost.medium) : t(m.noEstimate)}
                    </td>
                  )}
                  <td role="cell" className="price-line-action">
                    {flow?.ready ? (
                      <button type="button" className="primary" onClick={() => add(line)} aria-label={t(m.addToCartOption, { option: line.option_name })}>
                        {t(m.addToCart)}
                      </button>
                    ) : button ? (
                      <button type="button" className="primary" onClick={() => setPopup({ start: button.view })}>
                        {button.label}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="about-heading">
        <h2 id="about-heading">{d.header_text || t(m.aboutThisPlan)}</h2>
        <Paragraphs text={d.body_text} />
        {[
          [d.exclusions_text_name, d.exclusions_text],
          [d.example_text_name, d.example_text],
          [d.faq_text_name, d.faq_text],
        ]
          .filter(([name, text]) => name && text)
          .map(([name, text]) => (
            <details key={name}>
              <summary>{name}</summary>
              <Paragraphs text={text} />
            </details>
          ))}
      </section>
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
