import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useSite } from '../../../lib/site';
import { usePortalChoice } from '../hooks/use-portal-choice';
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
  const { portals, loadFailure, portal, setPortal, portalError, error, busy, submitWith } = usePortalChoice(isGroup);

  if (!site) return <p className="home-loading">Loading…</p>;
  if (!isGroup) return <Navigate to="/" replace />;

  const submit = submitWith(start, site.group?.group_id ?? null);

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
      {(error ?? loadFailure) && (
        <p role="alert" className="error home-alert">
          {error ?? loadFailure}
        </p>
      )}
    </div>
  );
}
