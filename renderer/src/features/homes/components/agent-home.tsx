import { Navigate } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { useSite } from '../../../lib/site';
import { useAgentEnrollment } from '../hooks/use-agent-enrollment';
import { useStepFocus } from '../hooks/use-step-focus';
import { AgentHero } from './agent-hero';
import { AgentPortalStep } from './agent-portal-step';
import { AgentStartStep } from './agent-start-step';
import { WhoToEnroll } from './who-to-enroll';
import '../homes.css';

/**
 * The rep's home: who to enroll (a new member, or a current member on their own page); for a new member, the portal,
 * then a new member of no group (Start New Member Enrollment, Start Direct Enrollment) or an employee of one of the
 * rep's groups. Starting goes on to the quote form.
 */
export function AgentHome() {
  const { site } = useSite();
  const isRep = site?.eprocess === 'rep';
  const rep = useAgentEnrollment(isRep);
  const { step, setStep } = rep;
  const focus = useStepFocus<HTMLHeadingElement>(step);
  const t = useT();

  if (!site) return <p className="home-loading">{t(common.loading)}</p>;
  if (!isRep) return <Navigate to="/access-pagenext" replace />;

  return (
    <div className="home">
      <AgentHero agent={site.agent} siteName={site.branding.display_name} />
      {rep.loadFailure && (
        <p role="alert" className="error home-alert">
          {rep.loadFailure}
        </p>
      )}

      {step === 'who' && <WhoToEnroll currentMembersPath="/agent-select-member" onNewMember={() => setStep('portal')} />}

      {step === 'portal' && (
        <AgentPortalStep
          focus={focus}
          portals={rep.portals}
          portal={rep.portal}
          onPortal={rep.setPortal}
          portalError={rep.portalError}
          onSubmit={rep.choosePortal}
          onBack={() => setStep('who')}
        />
      )}

      {step === 'start' && (
        <AgentStartStep
          focus={focus}
          portalName={rep.portalName}
          onDirect={() => void rep.begin(null)}
          error={rep.error}
          groups={rep.groups}
          group={rep.group}
          onGroup={rep.setGroup}
          groupError={rep.groupError}
          groupAlert={rep.groupAlert}
          busy={rep.busy}
          onSubmit={rep.chooseGroup}
          onBack={() => setStep('portal')}
        />
      )}
    </div>
  );
}
