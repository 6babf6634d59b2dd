import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { FlowDialog } from '../../components/flow-dialog';
import type { FlowAnswer, FlowSource } from '../../components/flow-machine';
import { Modal } from '../../components/modal';
import { ApiError, api, money, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';
import { PartiesSummary, useQuoteParties } from '../filter/quote-form';

interface Line {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  price: number;
  removable: number;
}

interface Rider {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  plan_short_text: string;
  price: number;
}

interface Cart {
  result: Line[];
  initial_month_cost: number;
  recurring_month_cost: number;
  total_cost: number;
  riders: Rider[];
  notices: string[];
  show_quotation: boolean;
}

const EMPTY: Cart = { result: [], initial_month_cost: 0, recurring_month_cost: 0, total_cost: 0, riders: [], notices: [], show_quotation: false };

export function CartPage() {
  const id = tempId.get();
  return id ? <CartView id={id} /> : <Navigate to="/" replace />;
}

function CartView({ id }: { id: string }) {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const [cart, setCart] = useState<Cart | null>(null);
  const [dates, setDates] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const [removing, setRemoving] = useState<Line | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [quoting, setQuoting] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const parties = useQuoteParties(id);

  const load = useCallback(() => {
    api.get<Cart>(`/get-plan-cart?enrollment_id=${id}`).then(setCart, () => setCart(EMPTY));
  }, [id]);

  useEffect(() => {
    load();
    api.get<{ result: string[] }>(`/get-cart-effective-dates?enrollment_id=${id}`).then(
      (d) => {
        setDates(d.result);
        setDate((current) => current || d.result[0] || '');
      },
      () => setDates([]),
    );
  }, [id, load]);

  // Checkout's steps: the upsells the server still makes (applicants), then the confirmation.
  const checkoutSource: FlowSource = useMemo(
    () => ({
      load: () => api.get<FlowAnswer>(`/shop/${id}/checkout?effective_date=${encodeURIComponent(date)}`),
      answer: async (step, action) => {
        const next = await api.post<FlowAnswer>(`/shop/${id}/offer/${step.step}?effective_date=${encodeURIComponent(date)}`, { action });
        // An accepted upsell is in the cart now: the page and the header show it at once.
        load();
        refresh();
        return next;
      },
    }),
    [id, date, load, refresh],
  );

  const remove = async (line: Line) => {
    await api.get(`/remove-plan-from-cart?enrollment_id=${id}&plan_id=${line.plan_id}&plan_pricing_id=${line.plan_pricing_id}`).catch(() => undefined);
    setRemoving(null);
    load();
    refresh();
  };

  const addRider = async (rider: Rider) => {
    setError(null);
    try {
      await api.post('/add-plan-to-cart', { enrollment_id: id, plan_id: rider.plan_id, plan_pricing_id: rider.plan_pricing_id });
      load();
      refresh();
    } catch (e) {
      if (e instanceof ApiError) setError(e);
      else throw e;
    }
  };

  const checkout = async (type: string) => {
    setError(null);
    if (type === 'back') {
      setCheckingOut(false);
      load();
      refresh();
      return;
    }
    try {
      const done = await api.post<{ next: { route: string } }>('/cart-checkout', { enrollment_id: id, effective_date: date, type });
      setCheckingOut(false);
      navigate(`/enrollment/${done.next.route}`);
    } catch (e) {
      setCheckingOut(false);
      load();
      if (e instanceof ApiError) setError(e);
      else throw e;
    }
  };

  const lines = cart?.result ?? [];
  const fixed = lines.filter((l) => l.removable === 0);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › {parties?.result.user_info && <span>Current Member › </span>}
        <Link to="/plans?type=medical">Plans</Link> › <span>Plan Details</span> › <span>Cart</span>
      </nav>
      <PartiesSummary parties={parties} />
      {sent && <p className="success">{sent}</p>}
      <div className="cart-layout">
        <section aria-labelledby="cart-heading">
          <h1 id="cart-heading">My Cart</h1>
          <Link to="/plans?type=medical">Continue Shopping</Link>
          {cart === null ? (
            <p>Loading…</p>
          ) : lines.length === 0 ? (
            <p>No items in cart.</p>
          ) : (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Total Price</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines
                  .filter((l) => l.removable === 1)
                  .map((l) => (
                    <tr key={l.plan_id}>
                      <td>
                        {l.plan_name}
                        <br />
                        <small>{l.option_name}</small>
                      </td>
                      <td>{money(l.price)}</td>
                      <td>
                        <button type="button" className="link" aria-label={`Remove ${l.plan_name}`} onClick={() => setRemoving(l)}>
                          ✕
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
              <h2 id="riders-heading">Additional Riders</h2>
              <ul className="cards">
                {cart.riders.map((r) => (
                  <li key={r.plan_pricing_id} className="card">
                    <h3>{r.plan_name}</h3>
                    <p>{r.plan_short_text}</p>
                    <p className="price">
                      {r.option_name}: {money(r.price)}/mo
                    </p>
                    <button type="button" onClick={() => addRider(r)}>
                      Add Rider<span className="visually-hidden">: {r.plan_name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </section>
        <aside aria-labelledby="order-heading" className="order-info">
          <h2 id="order-heading">Order Info</h2>
          <label htmlFor="effective-date">Effective Date</label>
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
            <p key={l.plan_id}>
              {l.plan_name}: {money(l.price)}
            </p>
          ))}
          <dl>
            <dt>First Month Cost</dt>
            <dd>{money(cart?.initial_month_cost)}</dd>
            <dt>Recurring Cost</dt>
            <dd>{money(cart?.recurring_month_cost)}</dd>
            <dt>Total Cost</dt>
            <dd>{money(cart?.total_cost)}</dd>
          </dl>
          <button type="button" className="primary" disabled={lines.length === 0} onClick={() => setCheckingOut(true)}>
            Proceed to Checkout
          </button>
          {cart?.show_quotation && lines.length > 0 && (
            <button type="button" onClick={() => setQuoting(true)}>
              Send Personalized Quote
            </button>
          )}
        </aside>
      </div>
      <Modal title="Remove plan" open={removing !== null}>
        <p>Do you really want to remove?</p>
        <div className="buttons">
          <button type="button" onClick={() => setRemoving(null)}>
            No
          </button>
          <button type="button" className="primary" onClick={() => removing && remove(removing)}>
            Yes
          </button>
        </div>
      </Modal>
      {checkingOut && (
        <FlowDialog
          source={checkoutSource}
          localActions={['rep', 'member', 'back']}
          onLocalAction={checkout}
          onFinish={() => {
            setCheckingOut(false);
            load();
            refresh();
          }}
        />
      )}
      {quoting && (
        <QuoteDialog
          id={id}
          onClose={(message) => {
            setQuoting(false);
            setSent(message);
          }}
        />
      )}
    </>
  );
}

/** Send Personalized Quote: name, e-mail and message, a preview of the e-mail, then Send. */
function QuoteDialog({ id, onClose }: { id: string; onClose: (sent: string | null) => void }) {
  const [fields, setFields] = useState({ name: '', email: '', message: '' });
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const query = () =>
    `enrollment_id=${id}&tab=cart_info&type=preview&name=${encodeURIComponent(fields.name)}&email=${encodeURIComponent(fields.email)}&message=${encodeURIComponent(fields.message)}`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const showPreview = () => run(async () => setPreview((await api.get<{ content: string }>(`/get-quote-preview-content?${query()}`)).content));
  const send = () => run(async () => setDone((await api.post<{ message: string }>('/save-enrollment', { enrollment_id: id, tab: 'cart_info', ...fields })).message));

  if (done) {
    return (
      <Modal title="Quote sent" open>
        <p>{done}</p>
        <div className="buttons">
          <button type="button" className="primary" onClick={() => onClose(done)}>
            OK
          </button>
        </div>
      </Modal>
    );
  }
  const field = (name: 'name' | 'email' | 'message', label: string) => {
    const message = errors?.messageFor(name);
    return (
      <div className="form-group">
        <label htmlFor={`quote-${name}`}>{label}</label>
        {name === 'message' ? (
          <textarea id={`quote-${name}`} value={fields[name]} onChange={(e) => setFields({ ...fields, [name]: e.target.value })} />
        ) : (
          <input
            id={`quote-${name}`}
            type={name === 'email' ? 'email' : 'text'}
            value={fields[name]}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `quote-${name}-error` : undefined}
            onChange={(e) => setFields({ ...fields, [name]: e.target.value })}
          />
        )}
        {message && (
          <p id={`quote-${name}-error`} className="error">
            {message}
          </p>
        )}
      </div>
    );
  };
  const general = errors?.fields.filter((f) => !['name', 'email', 'message'].includes(f.target_element));
  return (
    <Modal title="Send Personalized Quote" open>
      <p>Please enter details you want to send quote to?</p>
      {general?.map((g) => (
        <p key={g.error_message} role="alert" className="error">
          {g.error_message}
        </p>
      ))}
      {field('name', 'Name')}
      {field('email', 'Email')}
      {field('message', 'Message')}
      {preview && (
        <section aria-label="Preview" className="quote-preview">
          {/* Scrollable, so reachable by keyboard. */}
          <pre tabIndex={0}>{preview}</pre>
        </section>
      )}
      <div className="buttons">
        <button type="button" onClick={() => onClose(null)} disabled={busy}>
          Cancel
        </button>
        <button type="button" onClick={showPreview} disabled={busy}>
          Preview
        </button>
        <button type="button" className="primary" onClick={send} disabled={busy}>
          Send
        </button>
      </div>
    </Modal>
  );
}
