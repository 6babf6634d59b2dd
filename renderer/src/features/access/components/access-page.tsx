import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useLeaveSite } from '../../../lib/leave-site';
import { useSite } from '../../../lib/site';
import { phone, telHref } from '../../../utils/format';
import { useEnterSite } from '../hooks/use-enter-site';
import { useRepCode } from '../hooks/use-rep-code';
import { CodeForm } from './code-form';
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
  const links = site?.links;
  const branding = site?.branding;

  return (
    <div className="access-shell">
      <header className="access-top">
        <span className="access-brand">
          {branding?.logo && <img src={branding.logo} alt={branding.display_name} width={176} height={45} />}
        </span>
        <nav aria-label="Access menu" className="access-menu">
          <button type="button" className="link-button" onClick={() => setEmployee(true)}>
            Employee Enrollment
          </button>
          <button type="button" className="link-button" onClick={() => void leave()}>
            Not My Site
          </button>
        </nav>
      </header>

      <main id="main" className="access-main">
        <section className="access-card" aria-labelledby="access-heading">
          {rep ? (
            <>
              <h1 id="access-heading">Confirm rep is correct</h1>
              <div className="rep-card">
                {rep.logo && <img src={rep.logo} alt="" width={176} height={45} />}
                <dl>
                  <dt>Rep</dt>
                  <dd>
                    {rep.first_name} {rep.last_name}
                  </dd>
                  <dt>Rep code</dt>
                  <dd>{rep.agent_code}</dd>
                  <dt>E-mail</dt>
                  <dd>
                    <a href={`mailto:${rep.email}`}>{rep.email}</a>
                  </dd>
                  <dt>Phone</dt>
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
                  Confirm
                </button>
                <button
                  type="button"
                  disabled={leaving}
                  onClick={() => {
                    reset();
                    navigate('/access-page');
                  }}
                >
                  Cancel
                </button>
              </div>
            </>
          ) : (
            <>
              <h1 id="access-heading">Welcome</h1>
              <p className="lead">Representatives: enter your access code to open your store.</p>
              <CodeForm id="rep-code" label="Rep Access Code" placeholder="ABCD1234" onSubmit={(c) => void check(c)} error={error} busy={busy} />
            </>
          )}
        </section>
      </main>

      {links && (
        <footer className="access-footer">
          <nav aria-label="Other sites">
            <a href={links.group_application}>Group Application</a>
            <a href={links.rep_registration}>Rep Registration</a>
            <a href={links.rep_dashboard}>Rep Dashboard</a>
            <a href={links.member_dashboard}>Member Dashboard</a>
          </nav>
        </footer>
      )}

      <Modal title="Employee Enrollment" open={employee} onClose={() => setEmployee(false)}>
        <EmployeeEnrollment />
        <div className="buttons">
          <button type="button" onClick={() => setEmployee(false)}>
            Close
          </button>
        </div>
      </Modal>
    </div>
  );
}
