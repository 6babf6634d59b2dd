/** A plan's documents (summary of benefits and coverage, provider directory, drug list): each opens its PDF. */
export function PlanDocuments({ documents, planName }: { documents: { kind: string; title: string; url: string }[]; planName: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className="plan-documents">
      {documents.map((d) => (
        <li key={d.kind}>
          <a href={d.url} target="_blank" rel="noopener">
            {d.title}
            <span className="visually-hidden">
              {' '}
              of {planName} (PDF, opens in a new window)
            </span>
          </a>{' '}
          <span className="muted" aria-hidden="true">
            PDF
          </span>
        </li>
      ))}
    </ul>
  );
}
