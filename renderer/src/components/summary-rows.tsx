/** A step's answers as label and value, as the review's cards and the receipt's copy of the application show them. */
export function SummaryRows({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <dl className="review-rows">
      {rows.map((r, i) => (
        <div key={`${r.label}-${i}`} className={r.value.length > 60 ? 'review-row-wide' : undefined}>
          <dt>{r.label}</dt>
          <dd>{r.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
