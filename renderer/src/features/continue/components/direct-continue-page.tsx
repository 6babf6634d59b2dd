import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { directContinue } from '../api/direct-continue';
import { useT, type MessageDescriptor } from '../../../lib/i18n';
import { m } from '../messages';

/** The link from the continue e-mail: the server opens its sealed token and answers where to resume. */
export function DirectContinuePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const t = useT();
  // The server's words, or the page's own when the server gave none.
  const [error, setError] = useState<string | MessageDescriptor | null>(null);

  useEffect(() => {
    directContinue({ token: id }).then(
      (resumed) => {
        tempId.set(resumed.enrollment_id);
        refresh();
        navigate(resumed.route.startsWith('/') ? resumed.route : `/enrollment/${resumed.route}`, { replace: true });
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : m.linkNotOpened),
    );
  }, [id, navigate, refresh]);

  if (!error) return <p>{t(m.opening)}</p>;
  return (
    <section>
      <h1>{t(m.heading)}</h1>
      <p role="alert">{typeof error === 'string' ? error : t(error)}</p>
      <Link to="/continue-enrollment">{t(m.withCode)}</Link>
    </section>
  );
}
