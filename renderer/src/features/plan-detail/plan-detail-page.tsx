import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { ApiError, api, money, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';

interface PlanDetail {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  carrier_name: string;
  plan_desc: Record<string, string>;
}

interface PriceLine {
  plan_id: number;
  plan_pricing_id: number;
  option_name: string;
  plan_price: number;
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
  const { id } = useParams();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const enrollmentId = tempId.get();
  const [plan, setPlan] = useState<PlanDetail | null>(null);
  const [prices, setPrices] = useState<PriceLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!enrollmentId) return;
    api.get<PlanDetail>(`/get-plan-detail/${id}`).then(setPlan, () => navigate('/404'));
    api
      .get<{ plans: PriceLine[] }>(`/get-plan-pricing-detail?pid=${id}&enrollment_id=${enrollmentId}`)
      .then((d) => setPrices(d.plans), (e: unknown) => setError(e instanceof ApiError ? e.message : 'Pricing is not available right now.'));
  }, [id, enrollmentId, navigate]);

  if (!enrollmentId) return <Navigate to="/" replace />;
  if (!plan) return <p>Loading…</p>;

  const add = async (line: PriceLine) => {
    setError(null);
    try {
      await api.post('/add-plan-to-cart', { enrollment_id: enrollmentId, plan_id: line.plan_id, plan_pricing_id: line.plan_pricing_id });
      refresh();
      navigate('/cart');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The plan could not be added.');
    }
  };

  const d = plan.plan_desc;
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › <Link to="/plans">Plans</Link> › <span>Plan Details</span>
      </nav>
      {d.blueBarText && <p className="blue-bar">{d.blueBarText}</p>}
      <div className="plan-head">
        <img src={plan.plan_logo} alt={plan.carrier_name} width={160} height={48} />
        <h1>{plan.plan_name}</h1>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {prices && (
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
              {prices.map((line) => (
                <tr key={line.plan_pricing_id}>
                  <td>{line.option_name}</td>
                  <td>{money(line.plan_price)}</td>
                  <td>
                    <button type="button" className="primary" onClick={() => add(line)} aria-label={`Add to Cart: ${line.option_name}`}>
                      Add to Cart
                    </button>
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
    </>
  );
}
