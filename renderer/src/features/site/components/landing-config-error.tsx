import { Navigate, useParams } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';
import { BackToHomepage } from './back-to-homepage';

/** `/landing-config-error/{Group|Agent}/landingPage`: the group's or rep's site has no landing name yet. */
export function LandingConfigError() {
  const t = useT();
  const { type = '' } = useParams();
  const owner = ['Group', 'Agent'].find((t) => t.toLowerCase() === type.toLowerCase());
  if (!owner) return <Navigate to="/404" replace />;
  return (
    <main id="main" className="message-page">
      <section className="message-card" aria-labelledby="config-heading">
        <p className="message-code message-icon" aria-hidden="true">
          {t(m.configSign)}
        </p>
        <h1 id="config-heading">{t(owner === 'Group' ? m.groupNotConfigured : m.agentNotConfigured)}</h1>
        <p>{t(owner === 'Group' ? m.askEmployer : m.askRepresentative)}</p>
        <BackToHomepage />
      </section>
    </main>
  );
}
