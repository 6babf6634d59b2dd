import { LocationBanner } from '../../features/leads/components/location-banner';
import { CategoryTiles } from '../../features/plans/components/category-tiles';
import { FeaturedPlans } from '../../features/plans/components/featured-plans';
import { RecommendedPanel } from '../../features/recommend/components/recommended-panel';

/** The landing below its filter: the featured plans, the recommended ones, every category, the location banner. */
export function LandingMore() {
  return (
    <>
      <FeaturedPlans />
      <RecommendedPanel page="home" />
      <CategoryTiles />
      <LocationBanner />
    </>
  );
}
