import { useT } from '../lib/i18n';
import { m } from './messages';

/** An answer as the server says it: a value in words, and for an answer made of answers (a questionnaire, a list of
 * dependents) each of them. */
export interface SummaryRow {
  label: string;
  value: string;
  parts?: SummaryRow[];
}

/**
 * A step's answers as label and value, as the review's cards, View Details and the receipt's copy of the application
 * show them. `full`: an answer made of answers lists each (a question and its answer, a dependent and theirs) under
 * its short form; otherwise the short form alone ("No to all 5 questions", "Sam Okafor (Spouse), Ada Okafor (Child)").
 */
export function SummaryRows({ rows, full = false }: { rows: SummaryRow[]; full?: boolean }) {
  const t = useT();
  return (
    <dl className={full ? 'review-rows review-rows-full' : 'review-rows'}>
      {rows.map((r, i) => {
        const listed = full && r.parts && r.parts.length > 0;
        return (
          <div key={`${r.label}-${i}`} className={listed || r.value.length > 60 ? 'review-row-wide' : undefined}>
            <dt>{r.label}</dt>
            <dd>
              {r.value || (listed ? null : t(m.noAnswer))}
              {listed && <SummaryRows rows={r.parts ?? []} full />}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
