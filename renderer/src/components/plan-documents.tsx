import { Message } from '../lib/i18n';
import { m } from './plan-documents.messages';

/** A plan's documents (summary of benefits and coverage, provider directory, drug list): each opens its PDF. */
export function PlanDocuments({ documents, planName }: { documents: { kind: string; title: string; url: string }[]; planName: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className="plan-documents">
      {documents.map((d) => (
        <li key={d.kind}>
          <Message
            of={m.document}
            values={{
              title: d.title,
              plan: planName,
              link: (chunks) => (
                <a href={d.url} target="_blank" rel="noopener">
                  {chunks}
                </a>
              ),
              hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
              badge: (chunks) => (
                <span className="muted" aria-hidden="true">
                  {chunks}
                </span>
              ),
            }}
          />
        </li>
      ))}
    </ul>
  );
}
