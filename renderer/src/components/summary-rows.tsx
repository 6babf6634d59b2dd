import { useT } from '../lib/i18n';
import { m } from './messages';

/** A step's answers as label and value, as the review's cards and the receipt's copy of the application show them. */
export function SummaryRows({ rows }: { rows: { label: string; value: string }[] }) {
  const t = useT();
  return (
    <dl className="review-rows">
      {rows.map((r, i) => (
        <div key={`${r.label}-${i}`} className={r.value.length > 60 ? 'review-row-wide' : undefined}>
          <dt>{r.label}</dt>
          <dd>{r.value || t(m.noAnswer)}</dd>
        </div>
      ))}
    </dl>
  );
}
