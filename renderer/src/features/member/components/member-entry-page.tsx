import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useCartCount } from '../../../lib/cart-count';
import { useSite } from '../../../lib/site';
import { tempId } from '../../../lib/storage';
import { addFilterForMember } from '../api/add-filter-for-member';
import { useT, type MessageDescriptor } from '../../../lib/i18n';
import { m } from '../messages';

/**
 * The member link (/member-benefit-store/{token}/{tier}): the server opens its sealed token, starts an enrollment for
 * the member on that tier with their profile, and the member goes on to the plans.
 */
export function MemberEntryPage() {
  // A link without a tier leaves it to the server (Member Only).
  const { id = '', tier = '' } = useParams();
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const { refresh: readSite } = useSite();
  const t = useT();
  // The server's words, or the page's own when the server gave none.
  const [error, setError] = useState<string | MessageDescriptor | null>(null);

  useEffect(() => {
    addFilterForMember({ user_id: id, tier }).then(
      async (opened) => {
        tempId.set(opened.temp_enrollment_id);
        refresh();
        // The session is now the member's: its site (Home is the member home, with their name) is read again before
        // the plans open, so the header's Home leads there at once.
        await readSite();
        navigate('/plans?type=medical', { replace: true, state: { welcome: opened.name } });
      },
      (e: unknown) => setError(e instanceof ApiError ? e.message : m.linkNotOpened),
    );
  }, [id, tier, navigate, refresh, readSite]);

  if (error) {
    return (
      <section className="banner">
        <h1>{t(m.heading)}</h1>
        <p role="alert" className="error">
          {typeof error === 'string' ? error : t(error)}
        </p>
      </section>
    );
  }
  return <p>{t(m.opening)}</p>;
}
