import { NewUserBanner } from '../../features/filter/components/new-user-banner';
import { CategoryTiles } from '../../features/plans/components/category-tiles';
import { FeaturedPlans } from '../../features/plans/components/featured-plans';
import { ReferralPage } from '../../features/site/components/referral-page';

/** The referral landing: who referred the visitor, the quote asked in steps, the featured plans and the categories. */
export function ReferralsRoute() {
  return (
    <ReferralPage
      renderLanding={(referredBy) => (
        <>
          <NewUserBanner referredBy={referredBy} />
          <FeaturedPlans />
          <CategoryTiles />
        </>
      )}
    />
  );
}
