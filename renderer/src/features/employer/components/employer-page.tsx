// The employer's console (`/employer`), for a group's administrator signed in by the group's link or by a code sent to
// the group's e-mail address on file: the plan year and coverage offered, the census, the census quote and
// participation. Who may see it, and every rule, are the server's (domain::employer).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CodeSignInForms } from '../../../components/code-sign-in';
import { Failed, Pending } from '../../../components/query-state';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { type Console, EXPORT_URL, consoleQuery, deductionsQuery, deductionsUrl, useAdminSignIn, useInvite, useMakeDeductions, useSendAdminCode } from '../api/employer';
import { m } from '../messages';
import { CensusSection } from './census-section';
import { QuoteSection } from './quote-section';
import { SettingsForm } from './settings-form';
import '../employer.css';

export function EmployerPage() {
  const t = useT();
  const console = useQuery(consoleQuery);
  if (console.isPending) return <Pending />;
  if (console.isError) {
    if (console.error instanceof ApiError && console.error.statusCode === 403) {
      return (
        <main className="employer narrow">
          <p role="alert">{console.error.message}</p>
          <AdminSignIn />
        </main>
      );
    }
    return <Failed query={console} />;
  }
  const c = console.data;
  return (
    <main className="employer">
      <p>
        <Link to="/group-home">{t(m.backHome)}</Link>
      </p>
      <h1>{t(m.title, { name: c.name })}</h1>
      {c.pays && <p className="hint">{t(m.pays, { pays: c.pays })}</p>}
      <section className="employer-section" aria-labelledby="employer-settings">
        <h2 id="employer-settings">{t(m.settingsHeading)}</h2>
        {c.settings_updated_at ? <p className="hint">{t(m.savedAt, { when: new Date(c.settings_updated_at).toLocaleString() })}</p> : <p>{t(m.notSet)}</p>}
        <SettingsForm key={c.settings_updated_at ?? 'new'} console={c} />
      </section>
      <section className="employer-section" aria-labelledby="employer-census">
        <h2 id="employer-census">{t(m.censusHeading)}</h2>
        <CensusSection console={c} />
      </section>
      {c.settings && (
        <section className="employer-section" aria-labelledby="employer-invitations">
          <h2 id="employer-invitations">{t(m.inviteHeading)}</h2>
          <InviteEmployees />
        </section>
      )}
      {c.settings && (
        <section className="employer-section employer-quote" aria-labelledby="employer-quote">
          <h2 id="employer-quote">{t(m.quoteHeading)}</h2>
          <QuoteSection console={c} />
        </section>
      )}
      {c.settings && c.pays && (
        <section className="employer-section" aria-labelledby="employer-deductions">
          <h2 id="employer-deductions">{t(m.deductionsHeading)}</h2>
          <Deductions />
        </section>
      )}
      {c.participation && (
        <section className="employer-section" aria-labelledby="employer-participation">
          <h2 id="employer-participation">{t(m.participationHeading)}</h2>
          <ParticipationLine participation={c.participation} />
          <p>
            <a href={EXPORT_URL} download>
              {t(m.export)}
            </a>
          </p>
        </section>
      )}
    </main>
  );
}

/** An administrator without the group's link signs in by a code sent to the group's e-mail address on file. */
function AdminSignIn() {
  const t = useT();
  const send = useSendAdminCode();
  const signIn = useAdminSignIn();
  return (
    <section aria-labelledby="admin-sign-in-heading" className="card code-sign-in">
      <h1 id="admin-sign-in-heading">{t(m.signInHeading)}</h1>
      <CodeSignInForms send={send} signIn={signIn} words={{ intro: m.signInIntro, sent: m.signInSent, submit: m.signInSubmit }} />
    </section>
  );
}

function InviteEmployees() {
  const t = useT();
  const invite = useInvite();
  return (
    <>
      <p className="hint">{t(m.inviteHint)}</p>
      <button type="button" className="primary" disabled={invite.isPending} onClick={() => invite.mutate()}>
        {t(m.invite)}
      </button>
      {invite.isSuccess && <p role="status">{t(m.invited, { ...invite.data })}</p>}
      {invite.isError && (
        <p className="error" role="alert">
          {invite.error.message}
        </p>
      )}
    </>
  );
}

function Deductions() {
  const t = useT();
  const files = useQuery(deductionsQuery);
  const make = useMakeDeductions();
  return (
    <>
      <p className="hint">{t(m.deductionsHint)}</p>
      <button type="button" className="primary" disabled={make.isPending} onClick={() => make.mutate()}>
        {t(m.makeDeductions)}
      </button>
      {make.isError && (
        <p className="error" role="alert">
          {make.error.message}
        </p>
      )}
      {files.isError ? (
        <Failed query={files} />
      ) : (
        files.data &&
        files.data.length > 0 && (
          <ul className="employer-files">
            {files.data.map((f) => (
              <li key={f.period_start}>
                {f.kept ? (
                  <a href={deductionsUrl(f.period_start)} download>
                    {t(m.deductionFile, { from: f.period_start, to: f.period_end })}
                  </a>
                ) : (
                  t(m.deductionFile, { from: f.period_start, to: f.period_end })
                )}
                <span className="employer-file-counts">
                  {t(m.deductionCounts, { deductions: f.deductions, new: f.new, changed: f.changed, stopped: f.stopped })}
                </span>
              </li>
            ))}
          </ul>
        )
      )}
    </>
  );
}

function ParticipationLine({ participation: p }: { participation: NonNullable<Console['participation']> }) {
  const t = useT();
  return (
    <>
      <p className="employer-participation">{t(m.participation, { enrolled: p.enrolled, eligible: p.eligible, waived: p.waived, notStarted: p.not_started })}</p>
      <p>
        {t(m.participationPercent, { percent: p.percent, minimum: p.minimum })} {p.meets_minimum ? t(m.meets) : t(m.below)}
      </p>
    </>
  );
}
