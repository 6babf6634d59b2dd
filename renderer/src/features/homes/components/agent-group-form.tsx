import type { FormEvent } from 'react';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { BackAndSubmit } from '../../../components/back-and-submit';

export interface AgentGroupFormProps {
  /** The rep's groups; null while they are read. */
  groups: Schema<'AgentGroup'>[] | null;
  group: string;
  onGroup: (group: string) => void;
  /** What the select says ('Choose enroll for new member'), and what is said beside Submit ('Please choose a group'). */
  groupError: string | null;
  groupAlert: string | null;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  onBack: () => void;
}

/** Starting for an employee of one of the rep's groups: the group, chosen from the rep's. */
export function AgentGroupForm({ groups, group, onGroup, groupError, groupAlert, busy, onSubmit, onBack }: AgentGroupFormProps) {
  const t = useT();
  return (
    <form className="home-start-option" noValidate onSubmit={onSubmit} aria-labelledby="start-group">
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
          onChange={(e) => onGroup(e.target.value)}
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
      <BackAndSubmit onBack={onBack} submit={t(m.submit)} busy={busy} />
    </form>
  );
}
