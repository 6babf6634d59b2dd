import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useT, type MessageDescriptor } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { decryptDetail } from '../api/decrypt-detail';
import { m } from '../messages';

/**
 * A recommended card's link, `/plan/{sealed}/{name}?portalId=&agentId=&groupId=`: the server opens the sealed ids
 * (and may put the visitor on the rep's or group's site the link names), then the plan's own page takes its place in
 * the history. A link that was tampered with says the server's words, with a way home.
 */
export function SealedPlan({ sealed, name }: { sealed: string; name: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSite();
  const cart = useCartCount();
  const t = useT();
  // The server's words, or the page's own when the server gave none.
  const [error, setError] = useState<string | MessageDescriptor | null>(null);
  const portalId = params.get('portalId') || undefined;
  const agentId = params.get('agentId') || undefined;
  const groupId = params.get('groupId') || undefined;
  const refreshCart = cart.refresh;

  useEffect(() => {
    let current = true;
    decryptDetail({ planId: sealed, portalId, agentId, groupId })
      .then(async (opened) => {
        if (opened?.planId == null) {
          if (current) setError(m.linkNotValid);
          return;
        }
        // The link may have put the session on another site: its branding, menu and cart are read again.
        await refresh();
        refreshCart();
        if (current) navigate(`/plan/${opened.planId}/${name}`, { replace: true });
      })
      .catch((e: unknown) => {
        if (current) setError(e instanceof ApiError ? e.message : m.linkNotOpened);
      });
    return () => {
      current = false;
    };
  }, [sealed, name, portalId, agentId, groupId, refresh, refreshCart, navigate]);

  if (error === null) {
    return (
      <section className="entry-status" role="status">
        <span className="spinner" aria-hidden="true" />
        {t(m.opening)}
      </section>
    );
  }
  return (
    <section className="banner sealed-error" aria-labelledby="sealed-heading">
      <h1 id="sealed-heading">{t(m.cannotOpen)}</h1>
      <p role="alert" className="error">
        {typeof error === 'string' ? error : t(error)}
      </p>
      <p>
        <Link to="/">{t(m.backToHomepage)}</Link>
      </p>
    </section>
  );
}
