import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { m } from '../messages';

export interface StepActionsProps {
  actions: Schema<'StepAction'>[];
  busy: boolean;
  /** Why Next waits (a list editor with an item open), or none. */
  heldBy: string | null;
  /** Next waits for the confirmation it asked for too. */
  confirming: boolean;
  onBack: () => void;
  onSaveForLater: () => void;
}

/** The step's buttons below its form: Back and Save for Later when the step offers them, and Next (the form's submit). */
export function StepActions({ actions, busy, heldBy, confirming, onBack, onSaveForLater }: StepActionsProps) {
  const t = useT();
  return (
    <div className="buttons form-actions">
      {actions.some((a) => a.action === 'back') && (
        <button type="button" onClick={onBack} disabled={busy}>
          {t(common.back)}
        </button>
      )}
      {actions.some((a) => a.action === 'save-for-later') && (
        <button type="button" onClick={onSaveForLater} disabled={busy}>
          {t(m.saveForLater)}
        </button>
      )}
      <button type="submit" className="primary" disabled={busy || heldBy !== null || confirming} aria-busy={busy || undefined} title={heldBy ?? undefined}>
        {busy && <span className="spinner spinner-small" aria-hidden="true" />}
        {actions.find((a) => a.action === 'next')?.label ?? t(m.next)}
      </button>
    </div>
  );
}
