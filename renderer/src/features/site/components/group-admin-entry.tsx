import { useSearchParams } from 'react-router-dom';
import { getGroupInfo } from '../api/get-group-info';
import { useEntry } from '../hooks/use-entry';
import { EntryStatus } from './entry-status';

/** `/websites?group={token}`: the group dashboard's link makes the session the group's administrator, at their home. */
export function GroupAdminEntry() {
  const [params] = useSearchParams();
  useEntry(params.get('group')?.trim() || null, async (token) => {
    await getGroupInfo({ group_id: token });
    return '/group-home';
  });
  return <EntryStatus />;
}
