import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { HelpChat } from '../features/assist/components/help-chat';
import { PageLoader } from '../features/chrome/components/page-loader';
import { SiteFooter } from '../features/chrome/components/site-footer';
import { SiteHeader } from '../features/chrome/components/site-header';
import { RecommendedButton } from '../features/recommend/components/recommended-button';
import { Pending } from '../components/query-state';
import { useCartCount } from '../lib/cart-count';
import { usePageTitle } from '../lib/page-title';
import { useT } from '../lib/i18n';
import { useSite } from '../lib/site';
import { m } from './messages';

// The footer's code popups load when one is first opened: every page carries only their buttons.
const AccessCode = lazy(() => import('../features/access/components/access-code').then((m) => ({ default: m.AccessCode })));
const EmployeeEnrollment = lazy(() =>
  import('../features/access/components/employee-enrollment').then((m) => ({ default: m.EmployeeEnrollment })),
);

/**
 * Pages drawn without the site's header and footer: they draw their own page (and its main landmark). The carriers'
 * console is a carrier's place of work, not the shop: it draws its own frame, without the cart or the help chat. So
 * does the page of a link a rep sent an applicant to sign their application: nothing there is for shopping.
 */
const BARE = [/^\/404$/, /^\/landing-config-error\//, /^\/access-page$/, /^\/access-pagenext$/, /^\/landing-page$/, /^\/carrier$/, /^\/reviews$/, /^\/sign\/[^/]+$/];

/**
 * Every page: the site's header, the page, the footer with its ways in, and the help chat; a loader until the site is
 * known, and the cart's count (asked at the same time), so that the header is drawn once with what it holds rather
 * than growing under the page (its recommendations link takes a row of its own on a phone).
 */
export function Layout({ children }: { children: ReactNode }) {
  const { site, refresh } = useSite();
  const { known } = useCartCount();
  const { pathname, search } = useLocation();
  const t = useT();
  useScrollToTopOnNewPage(pathname, search);
  usePageTitle(site?.branding.display_name || t(m.storeName));
  if (!site || !known) return <PageLoader retry={refresh} />;
  if (BARE.some((route) => route.test(pathname.replace(/\/+$/, '') || '/'))) return <>{children}</>;
  return (
    <>
      <a href="#main" className="skip-link">
        {t(m.skipToContent)}
      </a>
      <SiteHeader site={site} recommended={<RecommendedButton />} />
      <main id="main">{children}</main>
      <SiteFooter
        site={site}
        employeeEnrollment={
          <Suspense fallback={<Pending />}>
            <EmployeeEnrollment />
          </Suspense>
        }
        accessCode={
          <Suspense fallback={<Pending />}>
            <AccessCode />
          </Suspense>
        }
      />
      <HelpChat />
    </>
  );
}

/**
 * A page opened by a link or a form starts at its top, as a page a browser loads does: without this, the quote form
 * at the bottom of the landing page opened the plans page as far down as the form was (halfway down its categories on
 * a phone). Back and Forward leave the position to the browser.
 */
function useScrollToTopOnNewPage(pathname: string, search: string) {
  const navigation = useNavigationType();
  useEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, search, navigation]);
}
