import { FilterBanner } from '../../features/filter/components/filter-banner';
import { LocationBanner } from '../../features/leads/components/location-banner';
import { CategoryTiles } from '../../features/plans/components/category-tiles';
import { FeaturedPlans } from '../../features/plans/components/featured-plans';
import { RecommendedPanel } from '../../features/recommend/components/recommended-panel';

/**
 * The store's front: the filter that starts the quote, then the featured plans, the recommended ones and every
 * category the site offers; the location banner until the visitor answers it.
 */
export function LandingRoute() {
  return (
    <>
      <FilterBanner />
      <FeaturedPlans />
      <RecommendedPanel page="home" />
      <CategoryTiles />
      <LocationBanner />
    </>
  );
}
