import { useSearchParams } from 'react-router-dom';
import { getElevateInfo } from '../api/get-elevate-info';
import { getExternalSiteInformation } from '../api/get-external-site-information';
import { useEntry } from '../hooks/use-entry';
import { EntryStatus } from './entry-status';

/** `/external?site=`: a partner site sends its visitors to a group's store; the Elevate partner also names a portal. */
export function ExternalEntry() {
  const [params] = useSearchParams();
  useEntry(params.get('site')?.trim() || null, async (site) => {
    await getExternalSiteInformation({ site_name: site });
    if (site.toLowerCase() === 'elevate') {
      const elevate = await getElevateInfo();
      localStorage.setItem('portal_id', String(elevate.portal_id));
    }
    return '/';
  });
  return <EntryStatus />;
}
