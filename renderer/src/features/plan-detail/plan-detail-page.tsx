import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { FlowDialog } from '../../components/flow-dialog';
import type { FlowAnswer, FlowSource, FlowStep } from '../../components/flow-machine';
import { Modal } from '../../components/modal';
import { PlanCard } from '../../components/plan-card';
import { ApiError, api, money, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';
import { type FilterInfo, FilterSummary, QuoteFormDialog } from '../filter/quote-form';

interface PlanDetail {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  carrier_name: string;
  is_prudential_plan: boolean;
  hides_price: boolean;
  plan_desc: Record<string, string>;
}

interface PriceLine {
  plan_id: number;
  plan_pricing_id: number;
  option_name: string;
  plan_price: number | null;
}

interface Pricing {
  plans: PriceLine[];
  notices: string[];
  error: { code?: string; message: string } | null;
}

interface PlanFlow {
  step: FlowStep | null;
  buttons: { step: string; label: string; view: FlowStep }[];
  membership: { plan_id: number; plan_pricing_id: number } | null;
  ready: boolean;
  message?: string | null;
}

interface RelatedPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
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

export function PlanDetailPage() {
  const enrollmentId = tempId.get();
  const { id = '' } = useParams();
  return enrollmentId ? <PlanDetail key={id} enrollmentId={enrollmentId} planId={id} /> : <Navigate to="/" replace />;
}

function PlanDetail({ enrollmentId, planId }: { enrollmentId: string; planId: string }) {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const [plan, setPlan] = useState<PlanDetail | null>(null);
  const [pricing, setPricing] = useState<Pricing | null>(null);
  const [flow, setFlow] = useState<PlanFlow | null>(null);
  const [filter, setFilter] = useState<FilterInfo | null>(null);
  const [related, setRelated] = useState<RelatedPlan[]>([]);
  // The popup open now: one that opened by itself, or one a button opened (Enroll Now); null when none.
  const [popup, setPopup] = useState<{ start: FlowStep } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [offering, setOffering] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);

  const load = useCallback(() => {
    api.get<PlanDetail>(`/get-plan-detail/${planId}`).then(setPlan, () => navigate('/404'));
    api.get<{ result: FilterInfo }>(`/get-enrollment-temp-info?enrollment_id=${enrollmentId}&column=filter_info`).then((d) => setFilter(d.result), () => setFilter(null));
    api
      .get<{ plans: PriceLine[]; notices: string[] }>(`/get-plan-pricing-detail?pid=${planId}&enrollment_id=${enrollmentId}`)
      .then(
        (d) => setPricing({ plans: d.plans, notices: d.notices, error: null }),
        (e: unknown) => {
          if (e instanceof ApiError && e.code === 'changePid' && e.extra.pid) {
            navigate(`/plan/${String(e.extra.pid)}/plan`, { replace: true });
            return;
          }
          const message = e instanceof ApiError ? e.message : 'Pricing is not available right now.';
          const plans = e instanceof ApiError && Array.isArray(e.extra.plans) ? (e.extra.plans as PriceLine[]) : [];
          setPricing({ plans, notices: [], error: { code: e instanceof ApiError ? e.code : undefined, message } });
        },
      );
    api.get<PlanFlow>(`/shop/${enrollmentId}/plan/${planId}`).then(setFlow, () => setFlow(null));
    api.get<{ result: RelatedPlan[] }>(`/get-related-plans?plan_id=${planId}&enrollment_id=${enrollmentId}`).then((d) => setRelated(d.result), () => setRelated([]));
  }, [enrollmentId, planId, navigate]);

  useEffect(load, [load]);

  // A popup that opens by itself does so as soon as the server says it is needed (unless the person closed it).
  useEffect(() => {
    if (flow?.step && !popup && dismissed !== flow.step.step) setPopup({ start: flow.step });
  }, [flow, popup, dismissed]);

  const popupSource: FlowSource = useMemo(
    () => ({
      load: () => Promise.resolve({ step: null }),
      answer: (step, _action, formData) => api.post<PlanFlow>(`/shop/${enrollmentId}/plan/${planId}/${step.step}`, { formData }),
    }),
    [enrollmentId, planId],
  );

  const offerSource: FlowSource = useMemo(
    () => ({
      load: () => api.get<FlowAnswer>(`/shop/${enrollmentId}/after-add`),
      answer: (step, action) => api.post<FlowAnswer>(`/shop/${enrollmentId}/offer/${step.step}`, { action }),
    }),
    [enrollmentId],
  );

  const add = async (line: PriceLine) => {
    setFailure(null);
    try {
      const membership = flow?.membership;
      if (membership) {
        await api.post('/add-plan-to-cart-prudentials', {
          enrollment_id: enrollmentId,
          plan_id: line.plan_id,
          plan_pricing_id: line.plan_pricing_id,
          plan_id1: membership.plan_id,
          plan_pricing_id1: membership.plan_pricing_id,
        });
      } else {
        await api.post('/add-plan-to-cart', { enrollment_id: enrollmentId, plan_id: line.plan_id, plan_pricing_id: line.plan_pricing_id });
      }
      refresh();
      setOffering(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'alreadyActive') setActive(e.message);
      else setFailure(e instanceof ApiError ? e.message : 'The plan could not be added.');
    }
  };

  if (!plan) return <p>Loading…</p>;
  const d = plan.plan_desc;
  const button = flow?.buttons[0];
  const pendingAuto = flow?.step ?? null;

  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › <Link to={`/plans?type=medical`}>Plans</Link> › <span>Plan Details</span>
        {d.blueBarText && <span className="blue-bar"> › {d.blueBarText}</span>}
      </nav>
      {filter && <FilterSummary filter={filter} onEdit={() => setEditing(true)} />}
      <div className="plan-head">
        <img src={plan.plan_logo} alt={plan.carrier_name} width={160} height={48} />
        <h1>{plan.plan_name}</h1>
      </div>
      {pricing?.error && (
        <p role="alert" className="error" data-code={pricing.error.code}>
          {pricing.error.message}
        </p>
      )}
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
      {notice && <p className="success">{notice}</p>}
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
          <h2 id="prices-heading">Your price</h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Coverage</th>
                <th scope="col">Monthly price</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pricing.plans.map((line) => (
                <tr key={line.plan_pricing_id}>
                  <td>{line.option_name}</td>
                  <td>{plan.hides_price || line.plan_price === null ? 'Shown in your cart' : money(line.plan_price)}</td>
                  <td>
                    {flow?.ready ? (
                      <button type="button" className="primary" onClick={() => add(line)} aria-label={`Add to Cart: ${line.option_name}`}>
                        Add to Cart
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
        <h2 id="about-heading">{d.header_text || 'About this plan'}</h2>
        <Paragraphs text={d.body_text ?? ''} />
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
      {related.length > 0 && (
        <section aria-labelledby="suggested-heading">
          <h2 id="suggested-heading">Suggested Products</h2>
          <ul className="cards">
            {related.map((p) => (
              <PlanCard key={p.plan_id} plan={p} priceLabel="Starting From:" />
            ))}
          </ul>
        </section>
      )}
      {popup && (
        <FlowDialog
          key={popup.start.step}
          source={popupSource}
          start={popup.start}
          onFinish={(answer, message) => {
            if (answer === null) setDismissed(popup.start.step);
            // The popups are asked anew; the answered one must not reopen from the flow read before the answer.
            setFlow(null);
            setPopup(null);
            setNotice(message);
            load();
          }}
        />
      )}
      {offering && <FlowDialog source={offerSource} onFinish={() => navigate('/cart')} />}
      <Modal title="Already active" open={active !== null}>
        <p>{active}</p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => setActive(null)}>
            OK
          </button>
        </div>
      </Modal>
      <QuoteFormDialog
        enrollmentId={enrollmentId}
        planId={planId}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          setDismissed(null);
          load();
        }}
      />
    </>
  );
}
