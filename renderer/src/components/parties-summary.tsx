import type { Schema } from '../lib/api';
import { useT } from '../lib/i18n';
import { useSite } from '../lib/site';
import { m } from './parties-summary.messages';

/** The summary of the selected group, member and portal (only what applies). */
export function PartiesSummary({ parties }: { parties: Schema<'QuoteParties'> | null }) {
  const t = useT();
  // A rep enrolls the group's employees: the group is not the rep's employer.
  const rep = useSite().site?.eprocess === 'rep';
  if (!parties) return null;
  const { user_info, group_info, platforms, agent_info } = parties.result;
  const parts = [
    user_info && t(m.partyMember, { first: user_info.first_name, last: user_info.last_name }),
    group_info && t(rep ? m.partyGroupToRep : m.partyGroup, { name: group_info.name }),
    platforms[0] && t(m.partyPortal, { name: platforms[0].platform_name }),
    agent_info && t(m.partyRep, { name: agent_info.name }),
  ].filter(Boolean);
  return parts.length > 0 ? <p className="filter-summary">{parts.join(' · ')}</p> : null;
}
