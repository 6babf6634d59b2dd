import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FilterSummary, isShownFilter } from '../../../components/filter-summary';
import { quoteFilterQuery } from '../api/get-enrollment-temp-info';
import { QuoteFormDialog } from './quote-form-dialog';

export interface QuoteSummaryProps {
  enrollmentId: string;
  /** Passed on to the quote form: a premier plan, or the category shopped, asks for the category too. */
  planId?: string;
  category?: string;
  /** The quote was saved (everything read about the enrollment is read again: lib/quote.ts). */
  onSaved: () => void;
}

/** The quote above the plans: the filter's summary, and Edit, which opens the quote form. */
export function QuoteSummary({ enrollmentId, planId, category, onSaved }: QuoteSummaryProps) {
  const saved = useQuery(quoteFilterQuery(enrollmentId)).data?.result;
  const filter = isShownFilter(saved) ? saved : null;
  const [editing, setEditing] = useState(false);

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
