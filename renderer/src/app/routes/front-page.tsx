import { lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { useSite } from '../../lib/site';
import { LandingRoute } from './landing';

// A group's landing is only a group site's front page: its script loads when one is shown.
const GroupLanding = lazy(() => import('../../features/homes/components/group-landing').then((m) => ({ default: m.GroupLanding })));

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
