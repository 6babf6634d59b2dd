import type { Schema } from '../lib/api';

/** The summary of the selected group, member and portal (only what applies). */
export function PartiesSummary({ parties }: { parties: Schema<'QuoteParties'> | null }) {
  if (!parties) return null;
  const { user_info, group_info, platforms, agent_info } = parties.result;
  const parts = [
    user_info && `Member: ${user_info.first_name} ${user_info.last_name}`,
    group_info && `Your Employer Group: ${group_info.name}`,
    platforms[0] && `Portal: ${platforms[0].platform_name}`,
    agent_info && `Rep: ${agent_info.name}`,
  ].filter(Boolean);
  return parts.length > 0 ? <p className="filter-summary">{parts.join(' · ')}</p> : null;
}
