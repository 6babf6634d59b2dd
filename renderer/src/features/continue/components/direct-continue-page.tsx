import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { directContinue } from '../api/direct-continue';

/** The link from the continue e-mail: the server opens its sealed token and answers where to resume. */
export function DirectContinuePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    directContinue({ token: id }).then(
      (resumed) => {
        tempId.set(resumed.enrollment_id);
        refresh();
        navigate(resumed.route.startsWith('/') ? resumed.route : `/enrollment/${resumed.route}`, { replace: true });
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : 'This link could not be opened.'),
    );
  }, [id, navigate, refresh]);

  if (!error) return <p>Opening your enrollment…</p>;
  return (
    <section>
      <h1>Continue your enrollment</h1>
      <p role="alert">{error}</p>
      <Link to="/continue-enrollment">Continue with your enrollment code</Link>
    </section>
  );
}
