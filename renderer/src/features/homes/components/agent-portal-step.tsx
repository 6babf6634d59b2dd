import type { FormEvent, Ref } from 'react';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { PortalSelect } from './portal-select';
import { BackAndSubmit } from '../../../components/back-and-submit';

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
      <BackAndSubmit onBack={onBack} submit={t(m.submit)} />
    </form>
  );
}
