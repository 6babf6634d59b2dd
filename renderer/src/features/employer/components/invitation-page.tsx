// An employee's invitation (`/invitation?token=`, from the e-mail their employer's console sent): opening it makes the
// session that employee of the group, with no code to type; the page says when they may enroll, leads to the group's
// plans, and takes a waiver with its reason. `/my-enrollment` shows the same later. The windows are the server's
// (engine::employer::plan_year).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { type MyEnrollment, type WaiveReason, myEnrollmentQuery, useOpenInvitation, useWaive } from '../api/employee';
import { m } from '../messages';
import '../employer.css';

export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const open = useOpenInvitation();
  const { refresh } = useSite();
  const asked = useRef(false);
  useEffect(() => {
    if (token && !asked.current) {
      asked.current = true;
      // The session is the group's employee now: the site it shows (the group's branding) is read again.
      open.mutate(token, { onSuccess: () => void refresh() });
    }
  }, [token, open, refresh]);
  const mine = useQuery({ ...myEnrollmentQuery, enabled: !token || open.isSuccess });
  if (token && open.isError) {
    const words = open.error instanceof ApiError ? (open.error.messageFor('token') ?? open.error.message) : open.error.message;
    return (
      <main className="employer narrow">
        <p role="alert">{words}</p>
      </main>
    );
  }
  if (mine.isError) {
    return (
      <main className="employer narrow">
        {mine.error instanceof ApiError && mine.error.statusCode === 403 ? <p role="alert">{mine.error.message}</p> : <Failed query={mine} />}
      </main>
    );
  }
  if (!mine.data) return <Pending />;
  return <Invitation mine={mine.data} />;
}

function Invitation({ mine }: { mine: MyEnrollment }) {
  const t = useT();
  const waive = useWaive();
  const [reason, setReason] = useState<WaiveReason | ''>('');
  const id = useId();
  const failure = waive.error instanceof ApiError ? (waive.error.messageFor('reason') ?? waive.error.message) : undefined;
  const mayEnroll = (mine.window === 'open' || mine.window === 'new_hire') && !mine.not_eligible;
  const chosen = mine.waive_reasons.find((r) => r.reason === mine.waived);
  return (
    <main className="employer narrow">
      <h1>{t(m.inviteWelcome, { name: mine.first_name })}</h1>
      <p>{t(m.inviteFrom, { group: mine.group_name })}</p>
      <p className="employer-window" role="status">
        {mine.not_eligible ?? mine.message}
      </p>
      {mayEnroll && (
        <p>
          <Link className="button primary" to={mine.landing_url ? `/${mine.landing_url}` : '/'}>
            {t(m.choosePlans)}
          </Link>
        </p>
      )}
      {chosen ? (
        <p role="status">{t(m.youWaived, { reason: chosen.words })}</p>
      ) : (
        mayEnroll && (
          <form
            className="employer-waive"
            onSubmit={(e) => {
              e.preventDefault();
              if (reason) waive.mutate(reason);
            }}
          >
            <fieldset className="choices" aria-describedby={failure ? `${id}-error` : undefined}>
              <legend>{t(m.waiveHeading)}</legend>
              {mine.waive_reasons.map((r) => (
                <label key={r.reason} className="choice">
                  <input type="radio" name={`${id}-reason`} checked={reason === r.reason} onChange={() => setReason(r.reason)} />
                  {r.words}
                </label>
              ))}
            </fieldset>
            {failure && (
              <p id={`${id}-error`} className="error" role="alert">
                {failure}
              </p>
            )}
            <button type="submit" disabled={!reason || waive.isPending}>
              {t(m.waive)}
            </button>
          </form>
        )
      )}
    </main>
  );
}
