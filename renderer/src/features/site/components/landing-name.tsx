import { useLocation, useParams } from 'react-router-dom';
import { validateLandingPage } from '../api/validate-landing-page';
import { useEntry } from '../hooks/use-entry';
import { EntryStatus } from './entry-status';

/**
 * `/:landing` and `/:landing/*`: a rep's or group's landing name opens their site, at its front page or at the page
 * named after it (`/jordan-whitfield/plans?type=dental`, `/peachtree-logistics/cart`); an unknown name is a 404.
 */
export function LandingName() {
  const { landing = '', '*': rest = '' } = useParams();
  const { search } = useLocation();
  useEntry(landing || null, async (name) => {
    await validateLandingPage({ landing_page: name });
    // Within the store only: however many slashes the rest starts with, it is a path of this site.
    const page = rest.replace(/^\/+/, '');
    return page ? `/${page}${search}` : '/';
  });
  return <EntryStatus />;
}
