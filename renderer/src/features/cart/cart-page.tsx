import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { Modal } from '../../components/modal';
import { ApiError, api, money, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';

interface Line {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  price: number;
  removable: number;
}

interface Cart {
  result: Line[];
  initial_month_cost: number;
  recurring_month_cost: number;
  total_cost: number;
}

export function CartPage() {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const id = tempId.get();
  const [cart, setCart] = useState<Cart | null>(null);
  const [dates, setDates] = useState<string[]>([]);
  const [date, setDate] = useState('');
  const [removing, setRemoving] = useState<Line | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const load = useCallback(() => {
    if (!id) return;
    api.get<Cart>(`/get-plan-cart?enrollment_id=${id}`).then(setCart, () => setCart({ result: [], initial_month_cost: 0, recurring_month_cost: 0, total_cost: 0 }));
  }, [id]);

  useEffect(() => {
    load();
    if (!id) return;
    api.get<{ result: string[] }>(`/get-cart-effective-dates?enrollment_id=${id}`).then((d) => {
      setDates(d.result);
      setDate((current) => current || d.result[0] || '');
    }, () => setDates([]));
  }, [id, load]);

  if (!id) return <Navigate to="/" replace />;

  const remove = async (line: Line) => {
    await api.get(`/remove-plan-from-cart?enrollment_id=${id}&plan_id=${line.plan_id}&plan_pricing_id=${line.plan_pricing_id}`).catch(() => undefined);
    setRemoving(null);
    load();
    refresh();
  };

  const checkout = async (type: 'rep' | 'member') => {
    setError(null);
    try {
      const done = await api.post<{ next: { route: string } }>('/cart-checkout', { enrollment_id: id, effective_date: date, type });
      setConfirming(false);
      navigate(`/enrollment/${done.next.route}`);
    } catch (e) {
      setConfirming(false);
      if (e instanceof ApiError) setError(e);
      else throw e;
    }
  };

  const lines = cart?.result ?? [];
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › <Link to="/plans">Plans</Link> › <span>Cart</span>
      </nav>
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
                {lines.filter((l) => l.removable === 1).map((l) => (
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
          {lines.filter((l) => l.removable === 0).map((l) => (
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
          <button type="button" className="primary" disabled={lines.length === 0} onClick={() => setConfirming(true)}>
            Proceed to Checkout
          </button>
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
      <Modal title="Confirm your enrollment" open={confirming}>
        <p>Your plans will be effective as of {date}</p>
        <div className="buttons">
          <button type="button" onClick={() => checkout('rep')}>
            Rep Enrollment
          </button>
          <button type="button" className="primary" onClick={() => checkout('member')}>
            Member Enrollment
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Back to Cart
          </button>
        </div>
      </Modal>
    </>
  );
}
