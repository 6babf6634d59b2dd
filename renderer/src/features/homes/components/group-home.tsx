import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { ApiError, type Schema } from '../../../lib/api';
import { useSite } from '../../../lib/site';
import { getEnrollmentPlatforms } from '../api/get-enrollment-platforms';
import { useStartEnrollment } from '../hooks/use-start-enrollment';
import { useStepFocus } from '../hooks/use-step-focus';
import { PortalSelect } from './portal-select';
import { WhoToEnroll } from './who-to-enroll';
import '../homes.css';

/**
 * The group administrator's home: a new member of the group (on one of the group's portals, then the quote form), or
 * one of the group's current members on their own page.
 */
export function GroupHome() {
  const { site } = useSite();
  const isGroup = site?.eprocess === 'group';
  const start = useStartEnrollment('group');
  const [step, setStep] = useState<'who' | 'portal'>('who');
  const focus = useStepFocus<HTMLHeadingElement>(step);
  const [portals, setPortals] = useState<Schema<'Portal'>[] | null>(null);
  const [portal, setPortal] = useState('');
  const [portalError, setPortalError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!isGroup) return;
    getEnrollmentPlatforms().then(
      (list) => {
        setPortals(list);
        if (list.length === 1) setPortal(String(list[0].platform_group_id));
      },
      (e: unknown) => {
        setPortals([]);
        setError(e instanceof ApiError ? e.message : 'The group’s portals could not be loaded. Please try again.');
      },
    );
  }, [isGroup]);

  if (!site) return <p className="home-loading">Loading…</p>;
  if (!isGroup) return <Navigate to="/" replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!portal) return setPortalError('Please choose a platform');
    setPortalError(null);
    setError(null);
    setBusy(true);
    try {
      await start({ platformGroupId: Number(portal), groupId: site.group?.group_id ?? null });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const forPortal = err.messageFor('platform_group_id');
      if (forPortal) setPortalError(forPortal);
      else setError(err.message);
      setBusy(false);
    }
  };

  const address = site.group?.address_information;
  return (
    <div className="home">
      <section className="home-hero">
        <h1>Welcome, {site.group?.name}</h1>
        {address?.city && (
          <p className="home-hero-detail">
            {[address.address1, address.address2, address.city].filter(Boolean).join(', ')}, {address.state} {address.zip}
          </p>
        )}
      </section>

      {step === 'who' && <WhoToEnroll currentMembersPath="/group-select-member" onNewMember={() => setStep('portal')} />}

      {step === 'portal' && (
        <form className="home-step home-card" noValidate onSubmit={(e) => void submit(e)}>
          <h2 ref={focus} tabIndex={-1}>
            Choose Enrollment Portal
          </h2>
          <p className="hint">The new member enrolls as an employee of {site.group?.name} on the portal you choose.</p>
          <PortalSelect id="group-portal" portals={portals} value={portal} onChange={setPortal} error={portalError} />
          <div className="buttons">
            <button type="button" onClick={() => setStep('who')}>
              Back
            </button>
            <button type="submit" className="primary" disabled={busy}>
              Submit
            </button>
          </div>
        </form>
      )}
      {error && (
        <p role="alert" className="error home-alert">
          {error}
        </p>
      )}
    </div>
  );
}
