import { useEffect, useState } from 'react';
import { FilterSummary, type ShownFilter, isShownFilter } from '../../../components/filter-summary';
import { getEnrollmentTempInfo } from '../api/get-enrollment-temp-info';
import { QuoteFormDialog } from './quote-form-dialog';

export interface QuoteSummaryProps {
  enrollmentId: string;
  /** Passed on to the quote form: a premier plan, or the category shopped, asks for the category too. */
  planId?: string;
  category?: string;
  /** The page's count of its own reloads: the filter is read again with each, as the page's other data is. */
  reloads: number;
  /** The quote was saved: the page reads what depends on it again. */
  onSaved: () => void;
}

/** The quote above the plans: the filter's summary, and Edit, which opens the quote form. */
export function QuoteSummary({ enrollmentId, planId, category, reloads, onSaved }: QuoteSummaryProps) {
  const [filter, setFilter] = useState<ShownFilter | null>(null);
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    getEnrollmentTempInfo({ enrollment_id: enrollmentId, column: 'filter_info' }).then(
      (d) => setFilter(isShownFilter(d.result) ? d.result : null),
      () => setFilter(null),
    );
  }, [enrollmentId, reloads]);

  return (
    <>
      {filter && <FilterSummary filter={filter} onEdit={() => setEditing(true)} />}
      <QuoteFormDialog
        enrollmentId={enrollmentId}
        planId={planId}
        category={category}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          onSaved();
        }}
      />
    </>
  );
}
