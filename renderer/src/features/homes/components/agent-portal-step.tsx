import type { FormEvent, Ref } from 'react';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';
import { PortalSelect } from './portal-select';

export interface AgentPortalStepProps {
  /** The step's heading, which takes the focus when the step is new. */
  focus: Ref<HTMLHeadingElement>;
  portals: Schema<'Portal'>[] | null;
  portal: string;
  onPortal: (portal: string) => void;
  portalError: string | null;
  onSubmit: (e: FormEvent) => void;
  onBack: () => void;
}

/** The rep's second step: the portal the new member enrolls on. */
export function AgentPortalStep({ focus, portals, portal, onPortal, portalError, onSubmit, onBack }: AgentPortalStepProps) {
  const t = useT();
  return (
    <form className="home-step home-card" noValidate onSubmit={onSubmit}>
      <h2 ref={focus} tabIndex={-1}>
        {t(m.choosePortal)}
      </h2>
      <p className="hint">{t(m.portalDecides)}</p>
      <PortalSelect id="agent-portal" portals={portals} value={portal} onChange={onPortal} error={portalError} />
      <div className="buttons">
        <button type="button" onClick={onBack}>
          {t(common.back)}
        </button>
        <button type="submit" className="primary">
          {t(m.submit)}
        </button>
      </div>
    </form>
  );
}
