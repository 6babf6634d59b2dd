import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { tempId } from '../../../lib/storage';
import { addFilterForMember } from '../api/add-filter-for-member';

/**
 * The member link (/member-benefit-store/{token}/{tier}): the server opens its sealed token, starts an enrollment for
 * the member on that tier with their profile, and the member goes on to the plans.
 */
export function MemberEntryPage() {
  // A link without a tier leaves it to the server (Member Only).
  const { id = '', tier = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    addFilterForMember({ user_id: id, tier }).then(
      (opened) => {
        tempId.set(opened.temp_enrollment_id);
        refresh();
        navigate('/plans?type=medical', { replace: true, state: { welcome: opened.name } });
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : 'This member link could not be opened.'),
    );
  }, [id, tier, navigate, refresh]);

  if (error) {
    return (
      <section className="banner">
        <h1>Member enrollment</h1>
        <p role="alert" className="error">
          {error}
        </p>
      </section>
    );
  }
  return <p>Opening your member enrollment…</p>;
}
