import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useT } from '../../../lib/i18n';
import { useLeaveSite } from '../../../lib/leave-site';
import { common } from '../../../lib/messages';
import { useSite } from '../../../lib/site';
import { phone, telHref } from '../../../utils/format';
import { useEnterSite } from '../hooks/use-enter-site';
import { useRepCode } from '../hooks/use-rep-code';
import { m } from '../messages';
import { CodeForm, EXAMPLE_REP_CODE } from './code-form';
import { EmployeeEnrollment } from './employee-enrollment';

/**
 * The access page (/access-page, /access-pagenext, /landing-page), drawn without the site's header and footer: a rep's
 * access code, then the rep's details to confirm. Confirm makes the session the rep's and goes on to the rep's site
 * (where a rep starts at the rep's home); Cancel changes nothing and comes back to the code. A menu offers Employee Enrollment and Not My Site.
 */
export function AccessPage() {
  const { site } = useSite();
  const navigate = useNavigate();
  const enter = useEnterSite();
  const leave = useLeaveSite();
  const { rep, error, busy, check, reset } = useRepCode();
  const [employee, setEmployee] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const t = useT();
  const links = site?.links;
  const branding = site?.branding;

  return (
    <div className="access-shell">
      <header className="access-top">
        <span className="access-brand">
          {branding?.logo && <img src={branding.logo} alt={branding.display_name} width={176} height={45} />}
        </span>
        <nav aria-label={t(m.accessMenu)} className="access-menu">
          <button type="button" className="link-button" onClick={() => setEmployee(true)}>
            {t(m.employeeEnrollment)}
          </button>
          <button type="button" className="link-button" onClick={() => void leave()}>
            {t(m.notMySite)}
          </button>
        </nav>
      </header>

      <main id="main" className="access-main">
        <section className="access-card" aria-labelledby="access-heading">
          {rep ? (
            <>
              <h1 id="access-heading">{t(m.confirmRep)}</h1>
              <div className="rep-card">
                {rep.logo && <img src={rep.logo} alt="" width={176} height={45} />}
                <dl>
                  <dt>{t(m.rep)}</dt>
                  <dd>
                    {rep.first_name} {rep.last_name}
                  </dd>
                  <dt>{t(m.repCode)}</dt>
                  <dd>{rep.agent_code}</dd>
                  <dt>{t(m.email)}</dt>
                  <dd>
                    <a href={`mailto:${rep.email}`}>{rep.email}</a>
                  </dd>
                  <dt>{t(m.phone)}</dt>
                  <dd>
                    <a href={telHref(rep.phone)}>{phone(rep.phone)}</a>
                  </dd>
                </dl>
              </div>
              {refused && (
                <p role="alert" className="error">
                  {refused}
                </p>
              )}
              <div className="buttons">
                <button
                  type="button"
                  className="primary"
                  disabled={leaving}
                  onClick={() => {
                    setLeaving(true);
                    void enter('Agent', { agent_code: rep.agent_code }).then((problem) => {
                      setRefused(problem);
                      if (problem) setLeaving(false);
                    });
                  }}
                >
                  {t(m.confirm)}
                </button>
                <button
                  type="button"
                  disabled={leaving}
                  onClick={() => {
                    reset();
                    navigate('/access-page');
                  }}
                >
                  {t(common.cancel)}
                </button>
              </div>
            </>
          ) : (
            <>
              <h1 id="access-heading">{t(m.welcome)}</h1>
              <p className="lead">{t(m.lead)}</p>
              <CodeForm id="rep-code" label={t(m.repAccessCode)} placeholder={EXAMPLE_REP_CODE} onSubmit={(c) => void check(c)} error={error} busy={busy} />
            </>
          )}
        </section>
      </main>

      {links && (
        <footer className="access-footer">
          <nav aria-label={t(m.otherSites)}>
            <a href={links.group_application}>{t(m.groupApplication)}</a>
            <a href={links.rep_registration}>{t(m.repRegistration)}</a>
            <a href={links.rep_dashboard}>{t(m.repDashboard)}</a>
            <a href={links.member_dashboard}>{t(m.memberDashboard)}</a>
          </nav>
        </footer>
      )}

      <Modal title={t(m.employeeEnrollment)} open={employee} onClose={() => setEmployee(false)}>
        <EmployeeEnrollment />
        <div className="buttons">
          <button type="button" onClick={() => setEmployee(false)}>
            {t(common.close)}
          </button>
        </div>
      </Modal>
    </div>
  );
}
