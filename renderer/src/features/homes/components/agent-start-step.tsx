import type { Ref } from 'react';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { AgentGroupForm, type AgentGroupFormProps } from './agent-group-form';

export interface AgentStartStepProps extends AgentGroupFormProps {
  /** The step's heading, which takes the focus when the step is new. */
  focus: Ref<HTMLHeadingElement>;
  portalName: string | undefined;
  /** Starts a member of no group. */
  onDirect: () => void;
  /** Why starting was refused, when the refusal is about neither the portal nor the group. */
  error: string | null;
}

/** The rep's last step, on the portal chosen: a new member of no group, or an employee of one of the rep's groups. */
export function AgentStartStep({ focus, portalName, onDirect, error, ...groupForm }: AgentStartStepProps) {
  const t = useT();
  const { busy } = groupForm;
  return (
    <div className="home-step home-card">
      <h2 ref={focus} tabIndex={-1}>
        {t(m.enrollNewMember)}
      </h2>
      <p className="hint">{t(m.portal, { name: portalName ?? '' })}</p>
      <div className="home-start">
        <section className="home-start-option" aria-labelledby="start-direct">
          <h3 id="start-direct">{t(m.noGroupMember)}</h3>
          <div className="buttons">
            <button type="button" className="primary" disabled={busy} onClick={onDirect}>
              {t(m.startNewMember)}
            </button>
            <button type="button" disabled={busy} onClick={onDirect}>
              {t(m.startDirect)}
            </button>
          </div>
        </section>
        <p className="home-or" aria-hidden="true">
          {t(m.or)}
        </p>
        <AgentGroupForm {...groupForm} />
      </div>
      {error && (
        <p role="alert" className="error home-alert">
          {error}
        </p>
      )}
    </div>
  );
}
