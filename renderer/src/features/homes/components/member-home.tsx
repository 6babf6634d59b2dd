import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useChangeQuote } from '../../../lib/quote';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { useTiers } from '../../../lib/tiers';
import { premierInCartQuery } from '../api/get-more-requirement';
import '../homes.css';

/**
 * The member's home (after their member link): the tier to shop, the first the server lists (Member Only) unless they
 * choose another, saved on their quote, then the plans. With a premier plan in the cart, a premier plan covers one
 * child: the server names the child option 'Member + 1 Child'.
 */
export function MemberHome() {
  const { site, refresh } = useSite();
  const navigate = useNavigate();
  const cart = useCartCount();
  const changeQuote = useChangeQuote();
  // The member link opens the store for the member without the page asking again: ask once before deciding.
  const [asked, setAsked] = useState(false);
  const [chosen, setTier] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = tempId.get();
  const tiers = useTiers(id);
  // A premier plan in the cart changes the children tier's name (the server's); unknown counts as none.
  const premier = useQuery({ ...premierInCartQuery(id ?? ''), enabled: Boolean(id) }).data?.result ?? false;
  // Until the member chooses: the first tier the server lists (Member Only).
  const tier = chosen ?? tiers[0]?.code ?? '';

  useEffect(() => {
    void refresh().then(() => setAsked(true));
  }, [refresh]);


  if (!site || !asked) return <p className="home-loading">Loading…</p>;
  if (!site.member) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!tier) return setError('Field is required');
    if (!id) return setError('Your quote could not be found. Please open your member link again.');
    setBusy(true);
    try {
      await changeQuote.mutateAsync({ enrollmentId: id, body: { tier } });
      cart.refresh();
      navigate('/plans');
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setError(err.messageFor('tier') ?? err.message);
      setBusy(false);
    }
  };

  return (
    <div className="home">
      <section className="home-hero">
        <h1>
          Welcome, {site.member.first_name} {site.member.last_name}
        </h1>
        <p className="home-hero-detail">Choose who your coverage is for, then see the plans you can enroll in.</p>
      </section>
      <form className="home-step home-card home-narrow" noValidate onSubmit={(e) => void submit(e)}>
        <div className="form-group">
          <label htmlFor="member-tier" className="control-label">
            Choose Tier
          </label>
          <select
            id="member-tier"
            className="form-control"
            value={tier}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'member-tier-error' : undefined}
            onChange={(e) => setTier(e.target.value)}
          >
            {premier && (
              <option value="" disabled>
                Choose Tier
              </option>
            )}
            {tiers.map((t) => (
              <option key={t.code} value={t.code}>
                {t.label}
              </option>
            ))}
          </select>
          {error && (
            <p id="member-tier-error" className="error">
              {error}
            </p>
          )}
        </div>
        <div className="buttons">
          <button type="submit" className="primary" disabled={busy}>
            Submit
          </button>
        </div>
      </form>
    </div>
  );
}
