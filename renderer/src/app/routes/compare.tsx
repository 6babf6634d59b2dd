import { ComparePage } from '../../features/plans/components/compare-page';

/** /compare?plans=1,2,3: plans of one category side by side. */
export function CompareRoute() {
  return <ComparePage />;
}
