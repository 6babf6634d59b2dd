import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The rep's welcome, by name, with their rep code (and the site's name, if it has one). */
export function AgentHero({ agent, siteName }: { agent: Schema<'SiteRep'> | null | undefined; siteName: string }) {
  const t = useT();
  return (
    <section className="home-hero">
      <h1>{t(m.welcome, { name: agent?.name ?? '' })}</h1>
      {agent && (
        <p className="home-hero-detail">{siteName ? t(m.repCodeOf, { code: agent.agent_code, site: siteName }) : t(m.repCode, { code: agent.agent_code })}</p>
      )}
    </section>
  );
}
