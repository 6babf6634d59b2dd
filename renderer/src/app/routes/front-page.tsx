import { Navigate } from 'react-router-dom';
import { GroupLanding } from '../../features/homes/components/group-landing';
import { useSite } from '../../lib/site';
import { LandingRoute } from './landing';

/**
 * What `/` shows is the server's to say (get-default-info's front_page): the store's or a rep's landing, a group's
 * landing, or the home of a rep, group administrator or member.
 */
export function FrontPage() {
  const { site } = useSite();
  if (!site) return null;
  switch (site.front_page) {
    case 'agent-home':
      return <Navigate to="/agent-home" replace />;
    case 'group-home':
      return <Navigate to="/group-home" replace />;
    case 'member-home':
      return <Navigate to="/member-home" replace />;
    case 'group-open':
      return <GroupLanding />;
    default:
      return <LandingRoute />;
  }
}
