import { lazy, Suspense } from 'react';
import { FilterBanner } from '../../features/filter/components/filter-banner';

// What lies below the filter loads as a script of its own, asked for as the page starts (router.tsx's
// preloadOpenedPage), so that the pages most visitors open next (the plans, a plan, the wizard's steps) do not carry it
// while the filter, the first thing a visitor sees, is drawn with the main script.
export const loadLandingMore = () => import('./landing-more');
const LandingMore = lazy(() => loadLandingMore().then((m) => ({ default: m.LandingMore })));

/**
 * The store's front: the filter that starts the quote, then the featured plans, the recommended ones and every
 * category the site offers; the location banner until the visitor answers it.
 */
export function LandingRoute() {
  return (
    <>
      <FilterBanner />
      <Suspense fallback={null}>
        <LandingMore />
      </Suspense>
    </>
  );
}
