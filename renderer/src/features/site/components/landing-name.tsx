import { useParams } from 'react-router-dom';
import { validateLandingPage } from '../api/validate-landing-page';
import { useEntry } from '../hooks/use-entry';
import { EntryStatus } from './entry-status';

/** `/:landing`: a rep's or group's landing name opens their site at its front page; an unknown name is a 404. */
export function LandingName() {
  const { landing = '' } = useParams();
  useEntry(landing || null, async (name) => {
    await validateLandingPage({ landing_page: name });
    return '/';
  });
  return <EntryStatus />;
}
