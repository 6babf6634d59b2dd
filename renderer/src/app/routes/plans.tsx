import { Navigate, useSearchParams } from 'react-router-dom';
import { QuoteSummary } from '../../features/filter/components/quote-summary';
import { useQuoteParties } from '../../features/filter/hooks/use-quote-parties';
import { PlansPage } from '../../features/plans/components/plans-page';
import { tempId } from '../../lib/storage';

export function PlansRoute() {
  const id = tempId.get();
  return id ? <Plans enrollmentId={id} /> : <Navigate to="/" replace />;
}

function Plans({ enrollmentId }: { enrollmentId: string }) {
  const [params] = useSearchParams();
  const parties = useQuoteParties(enrollmentId);
  return (
    <PlansPage
      enrollmentId={enrollmentId}
      parties={parties}
      // The category shopped decides whether the quote form asks the category (the premier flag of medical plans).
      renderQuote={(props) => <QuoteSummary enrollmentId={enrollmentId} category={params.get('type') ?? ''} {...props} />}
    />
  );
}
