import { BackToHomepage } from '../../features/site/components/back-to-homepage';

/** 'OOPS! Page not found', with Back to Homepage, which clears every trace of the site this browser was on. */
export function NotFoundPage() {
  return (
    <main id="main" className="message-page">
      <section className="message-card" aria-labelledby="not-found-heading">
        <p className="message-code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-heading">OOPS! Page not found</h1>
        <p>The page you asked for is not here. It may have moved, or the link may be mistyped.</p>
        <BackToHomepage />
      </section>
    </main>
  );
}
