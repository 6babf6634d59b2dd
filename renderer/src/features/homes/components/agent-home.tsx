import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { useSite } from '../../../lib/site';
import { agentGroupsQuery } from '../api/get-agent-groups';
import { usePortalChoice } from '../hooks/use-portal-choice';
import { useStartEnrollment } from '../hooks/use-start-enrollment';
import { useStepFocus } from '../hooks/use-step-focus';
import { m } from '../messages';
import { PortalSelect } from './portal-select';
import { WhoToEnroll } from './who-to-enroll';
import '../homes.css';

type Step = 'who' | 'portal' | 'start';

/**
 * The rep's home: who to enroll (a new member, or a current member on their own page); for a new member, the portal,
 * then a new member of no group (Start New Member Enrollment, Start Direct Enrollment) or an employee of one of the
 * rep's groups. Starting goes on to the quote form.
 */
export function AgentHome() {
  const { site } = useSite();
  const isRep = site?.eprocess === 'rep';
  const start = useStartEnrollment('rep');
  const [step, setStep] = useState<Step>('who');
  const focus = useStepFocus<HTMLHeadingElement>(step);
  const groupsRead = useQuery({ ...agentGroupsQuery, enabled: isRep });
  // A rep with no groups, or whose groups cannot be read, starts members of no group.
  const groups = groupsRead.isError ? [] : (groupsRead.data ?? null);
  const { portals, loadFailure, portal, setPortal, portalError, setPortalError, error, setError, busy, setBusy, chosen } =
    usePortalChoice(isRep);
  const [group, setGroup] = useState('');
  const [groupError, setGroupError] = useState<string | null>(null);
  // 'Please choose a group', said beside the group's Submit; the select itself says 'Choose enroll for new member'.
  const [groupAlert, setGroupAlert] = useState<string | null>(null);
  const t = useT();

  if (!site) return <p className="home-loading">{t(common.loading)}</p>;
  if (!isRep) return <Navigate to="/access-pagenext" replace />;

  const portalName = portals?.find((p) => String(p.platform_group_id) === portal)?.platform_name;

  const choosePortal = (e: FormEvent) => {
    e.preventDefault();
    if (chosen() === null) return;
    setGroupError(null);
    setGroupAlert(null);
    setStep('start');
  };

  const begin = async (groupId: number | null) => {
    setBusy(true);
    setError(null);
    try {
      await start({ platformGroupId: Number(portal), groupId });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const forPortal = e.messageFor('platform_group_id');
      const forGroup = e.messageFor('group_id');
      if (forPortal) {
        setPortalError(forPortal);
        setStep('portal');
      } else if (forGroup) {
        setGroupError(t(m.chooseForNewMember));
        setGroupAlert(forGroup);
      } else setError(e.message);
      setBusy(false);
    }
  };

  const chooseGroup = (e: FormEvent) => {
    e.preventDefault();
    if (!group) {
      setGroupError(t(m.chooseForNewMember));
      setGroupAlert(t(m.chooseGroup));
      return;
    }
    setGroupError(null);
    setGroupAlert(null);
    void begin(Number(group));
  };

  return (
    <div className="home">
      <section className="home-hero">
        <h1>{t(m.welcome, { name: site.agent?.name ?? '' })}</h1>
        {site.agent && (
          <p className="home-hero-detail">
            {site.branding.display_name
              ? t(m.repCodeOf, { code: site.agent.agent_code, site: site.branding.display_name })
              : t(m.repCode, { code: site.agent.agent_code })}
          </p>
        )}
      </section>
      {loadFailure && (
        <p role="alert" className="error home-alert">
          {loadFailure}
        </p>
      )}

      {step === 'who' && <WhoToEnroll currentMembersPath="/agent-select-member" onNewMember={() => setStep('portal')} />}

      {step === 'portal' && (
        <form className="home-step home-card" noValidate onSubmit={choosePortal}>
          <h2 ref={focus} tabIndex={-1}>
            {t(m.choosePortal)}
          </h2>
          <p className="hint">{t(m.portalDecides)}</p>
          <PortalSelect id="agent-portal" portals={portals} value={portal} onChange={setPortal} error={portalError} />
          <div className="buttons">
            <button type="button" onClick={() => setStep('who')}>
              {t(common.back)}
            </button>
            <button type="submit" className="primary">
              {t(m.submit)}
            </button>
          </div>
        </form>
      )}

      {step === 'start' && (
        <div className="home-step home-card">
          <h2 ref={focus} tabIndex={-1}>
            {t(m.enrollNewMember)}
          </h2>
          <p className="hint">{t(m.portal, { name: portalName ?? '' })}</p>
          <div className="home-start">
            <section className="home-start-option" aria-labelledby="start-direct">
              <h3 id="start-direct">{t(m.noGroupMember)}</h3>
              <div className="buttons">
                <button type="button" className="primary" disabled={busy} onClick={() => void begin(null)}>
                  {t(m.startNewMember)}
                </button>
                <button type="button" disabled={busy} onClick={() => void begin(null)}>
                  {t(m.startDirect)}
                </button>
              </div>
            </section>
            <p className="home-or" aria-hidden="true">
              {t(m.or)}
            </p>
            <form className="home-start-option" noValidate onSubmit={chooseGroup} aria-labelledby="start-group">
              <h3 id="start-group">{t(m.groupEmployee)}</h3>
              <div className="form-group">
                <label htmlFor="agent-group" className="control-label">
                  {t(m.chooseOption)}
                </label>
                <select
                  id="agent-group"
                  className="form-control"
                  value={group}
                  disabled={groups === null}
                  aria-invalid={groupError ? true : undefined}
                  aria-describedby={groupError ? 'agent-group-error' : undefined}
                  onChange={(e) => setGroup(e.target.value)}
                >
                  <option value="">{groups === null ? t(m.loadingGroups) : t(m.selectGroup)}</option>
                  {groups?.map((g) => (
                    <option key={g.gid} value={g.gid}>
                      {g.gname}
                    </option>
                  ))}
                </select>
                {groupError && (
                  <p id="agent-group-error" className="error" role="alert">
                    {groupError}
                  </p>
                )}
              </div>
              {groupAlert && (
                <p role="alert" className="error home-alert">
                  {groupAlert}
                </p>
              )}
              <div className="buttons">
                <button type="button" onClick={() => setStep('portal')}>
                  {t(common.back)}
                </button>
                <button type="submit" className="primary" disabled={busy}>
                  {t(m.submit)}
                </button>
              </div>
            </form>
          </div>
          {error && (
            <p role="alert" className="error home-alert">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
