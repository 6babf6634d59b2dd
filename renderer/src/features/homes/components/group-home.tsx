import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { type SiteInfo, useSite } from '../../../lib/site';
import { usePortalChoice } from '../hooks/use-portal-choice';
import { useStartEnrollment } from '../hooks/use-start-enrollment';
import { useStepFocus } from '../hooks/use-step-focus';
import { m } from '../messages';
import { PortalSelect } from './portal-select';
import { WhoToEnroll } from './who-to-enroll';
import '../homes.css';
import { BackAndSubmit } from '../../../components/back-and-submit';

type Address = NonNullable<NonNullable<SiteInfo['group']>['address_information']>;

/** The group's address on one line, as the post office writes it: street, city, state and ZIP. */
function place(address: Address): string {
  return `${[address.address1, address.address2, address.city].filter(Boolean).join(', ')}, ${address.state} ${address.zip}`;
}

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
  const t = useT();

  if (!site) return <p className="home-loading">{t(common.loading)}</p>;
  if (!isGroup) return <Navigate to="/" replace />;

  const submit = submitWith(start, site.group?.group_id ?? null);

  const address = site.group?.address_information;
  return (
    <div className="home">
      <section className="home-hero">
        <h1>{t(m.welcome, { name: site.group?.name ?? '' })}</h1>
        {address?.city && (
          <p className="home-hero-detail">{place(address)}</p>
        )}
        <p>
          <Link to="/employer">{t(m.openConsole)}</Link>
        </p>
      </section>

      {step === 'who' && <WhoToEnroll currentMembersPath="/group-select-member" onNewMember={() => setStep('portal')} />}

      {step === 'portal' && (
        <form className="home-step home-card" noValidate onSubmit={(e) => void submit(e)}>
          <h2 ref={focus} tabIndex={-1}>
            {t(m.choosePortal)}
          </h2>
          <p className="hint">{t(m.groupPortalHint, { name: site.group?.name ?? '' })}</p>
          <PortalSelect id="group-portal" portals={portals} value={portal} onChange={setPortal} error={portalError} />
          <BackAndSubmit onBack={() => setStep('who')} submit={t(m.submit)} busy={busy} />
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
