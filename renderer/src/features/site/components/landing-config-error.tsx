import { Navigate, useParams } from 'react-router-dom';
import { BackToHomepage } from './back-to-homepage';

/** `/landing-config-error/{Group|Agent}/landingPage`: the group's or rep's site has no landing name yet. */
export function LandingConfigError() {
  const { type = '' } = useParams();
  const owner = ['Group', 'Agent'].find((t) => t.toLowerCase() === type.toLowerCase());
  if (!owner) return <Navigate to="/404" replace />;
  return (
    <main id="main" className="message-page">
      <section className="message-card" aria-labelledby="config-heading">
        <p className="message-code message-icon" aria-hidden="true">
          !
        </p>
        <h1 id="config-heading">Landing url is not configured for this {owner}</h1>
        <p>Please ask your {owner === 'Group' ? 'employer' : 'representative'} for the right link, or start again from the home page.</p>
        <BackToHomepage />
      </section>
    </main>
  );
}
