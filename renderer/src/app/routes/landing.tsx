import { FilterBanner } from '../../features/filter/components/filter-banner';
import { CategoryTiles } from '../../features/plans/components/category-tiles';
import { FeaturedPlans } from '../../features/plans/components/featured-plans';

/** The store's front: the filter that starts the quote, then the featured plans and every category the site offers. */
export function LandingRoute() {
  return (
    <>
      <FilterBanner />
      <FeaturedPlans />
      <CategoryTiles />
    </>
  );
}
