import { BackToHomepage } from '../../features/site/components/back-to-homepage';
import { useT } from '../../lib/i18n';
import { m } from '../messages';

/** The status the page stands for: a code, the same in every language. */
const NOT_FOUND = 404;

/** 'OOPS! Page not found', with Back to Homepage, which clears every trace of the site this browser was on. */
export function NotFoundPage() {
  const t = useT();
  return (
    <main id="main" className="message-page">
      <section className="message-card" aria-labelledby="not-found-heading">
        <p className="message-code" aria-hidden="true">
          {NOT_FOUND}
        </p>
        <h1 id="not-found-heading">{t(m.notFound)}</h1>
        <p>{t(m.notFoundText)}</p>
        <BackToHomepage />
      </section>
    </main>
  );
}
