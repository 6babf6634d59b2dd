import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { useT } from '../../../lib/i18n';
import { useSite } from '../../../lib/site';
import { usePortalChoice } from '../hooks/use-portal-choice';
import { useStartEnrollment } from '../hooks/use-start-enrollment';
import { m } from '../messages';
import { PortalSelect } from './portal-select';
import '../homes.css';
import { BackAndSubmit } from '../../../components/back-and-submit';

/**
 * The front page of a group's site: its banner, and Start Enrollment, which asks which of the group's portals to
 * enroll on (Choose Enrollment Portal) before the quote form. A visitor sent by the partner site 'elevate' has their
 * portal already and goes straight to the quote form.
 */
export function GroupLanding() {
  const { site } = useSite();
  const navigate = useNavigate();
  const start = useStartEnrollment(site?.eprocess ?? 'applicant');
  const [open, setOpen] = useState(false);
  const t = useT();
  // The portals are read once the person starts.
  const { portals, loadFailure, portal, setPortal, portalError, setPortalError, error, setError, busy, submitWith } =
    usePortalChoice(open);

  if (!site) return null;
  const branding = site.branding;
  const name = site.group?.name ?? branding.display_name;

  const startEnrollment = () => {
    if (site.from_site === 'elevate') return navigate('/home');
    setPortalError(null);
    setError(null);
    setOpen(true);
  };

  const submit = submitWith(start, site.group?.group_id ?? null);

  return (
    <div className="home">
      <section
        className="group-landing"
        style={branding.image ? { backgroundImage: `url("${branding.image}")` } : undefined}
        aria-labelledby="group-landing-title"
      >
        <div className="group-landing-inner">
          <div className="group-landing-brand">
            {branding.logo && <img src={branding.logo} alt={t(m.logo, { name })} className="group-landing-logo" />}
            <div>
              <p className="group-landing-name">{name}</p>
              {branding.tagline && <p className="group-landing-tagline">{branding.tagline}</p>}
            </div>
          </div>
          <h1 id="group-landing-title">{t(m.landingTitle)}</h1>
          <button type="button" className="group-landing-start" onClick={startEnrollment}>
            {t(m.startEnrollment)}
          </button>
        </div>
      </section>
      <Modal title={t(m.choosePortal)} open={open} onClose={() => setOpen(false)}>
        <form noValidate onSubmit={(e) => void submit(e)}>
          <p className="hint">{t(m.landingPortalHint)}</p>
          <PortalSelect id="landing-portal" portals={portals} value={portal} onChange={setPortal} error={portalError} />
          {(error ?? loadFailure) && (
            <p role="alert" className="error">
              {error ?? loadFailure}
            </p>
          )}
          <BackAndSubmit onBack={() => setOpen(false)} submit={t(m.submit)} busy={busy} />
        </form>
      </Modal>
    </div>
  );
}
