import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { agentGroupsQuery } from '../api/get-agent-groups';
import { m } from '../messages';
import { usePortalChoice } from './use-portal-choice';
import { useStartEnrollment } from './use-start-enrollment';

/** The rep's home's steps: who to enroll, the portal, then how to start. */
export type AgentStep = 'who' | 'portal' | 'start';

/**
 * The rep's way to a new member's enrollment (read and kept once `isRep`): the step shown, the portal chosen, the
 * rep's groups and the group chosen, each with the words said when it is missing or refused. `begin` starts on the
 * portal, for a group's employee or (null) a member of no group; a refusal about the portal goes back to its step.
 */
export function useAgentEnrollment(isRep: boolean) {
  const t = useT();
  const start = useStartEnrollment('rep');
  const [step, setStep] = useState<AgentStep>('who');
  const groupsRead = useQuery({ ...agentGroupsQuery, enabled: isRep });
  // A rep with no groups, or whose groups cannot be read, starts members of no group.
  const groups = groupsRead.isError ? [] : (groupsRead.data ?? null);
  const { portals, loadFailure, portal, setPortal, portalError, setPortalError, error, setError, busy, setBusy, chosen } =
    usePortalChoice(isRep);
  const [group, setGroup] = useState('');
  const [groupError, setGroupError] = useState<string | null>(null);
  // 'Please choose a group', said beside the group's Submit; the select itself says 'Choose enroll for new member'.
  const [groupAlert, setGroupAlert] = useState<string | null>(null);

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

  return {
    step,
    setStep,
    portals,
    loadFailure,
    portal,
    setPortal,
    portalError,
    portalName,
    error,
    busy,
    groups,
    group,
    setGroup,
    groupError,
    groupAlert,
    choosePortal,
    begin,
    chooseGroup,
  };
}
