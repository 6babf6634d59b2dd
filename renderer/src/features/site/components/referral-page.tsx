import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Schema } from '../../../lib/api';
import { Message } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { getEnrollmentInfoReferral } from '../api/get-enrollment-info-referral';
import { m } from '../messages';
import { EntryStatus } from './entry-status';

/**
 * `/referrals?rid=`: a rep's referral link. A valid one puts the session on the rep's site, referred, and the landing
 * says who referred the visitor; an expired one opens the landing without it; an unknown one is a 404. The landing
 * itself is the app's to compose, given the 'Referred By' line (none for an expired link).
 */
export function ReferralPage({ renderLanding }: { renderLanding: (referredBy: ReactNode | null) => ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useSite();
  const rid = params.get('rid')?.trim() ?? '';
  const [referral, setReferral] = useState<Schema<'ReferralInfo'> | null>(null);
  const asked = useRef<string | null>(null);

  useEffect(() => {
    if (asked.current === rid) return;
    asked.current = rid;
    if (!rid) {
      navigate('/404', { replace: true });
      return;
    }
    setReferral(null);
    // An arrival, not a read: the server records the referral as where this session came from, once per link.
    // eslint-disable-next-line no-restricted-syntax
    getEnrollmentInfoReferral({ referral_id: rid })
      .then(async (info) => {
        await refresh();
        setReferral(info);
      })
      .catch(() => navigate('/404', { replace: true }));
  }, [rid, navigate, refresh]);

  if (!referral) return <EntryStatus />;
  const { name, display_name } = referral.referrer_info;
  const referredBy = referral.valid_referral_link ? (
    <p className="referred-by">
      <Message
        of={display_name && display_name !== name ? m.referredByOf : m.referredBy}
        values={{ name, company: display_name, strong: (chunks) => <strong>{chunks}</strong>, of: (chunks) => <span>{chunks}</span> }}
      />
    </p>
  ) : null;
  return <>{renderLanding(referredBy)}</>;
}
