import { SummaryRows } from '../../../components/summary-rows';
import type { Schema } from '../../../lib/api';
import { Message, useT } from '../../../lib/i18n';
import { m } from '../messages';

type Section = Schema<'Section'>;

/** The review's cards, a step's answers each, with View Details and Edit (which waits while the step is busy). */
export function ReviewCards({ sections, busy, onView, onEdit }: { sections: Section[]; busy: boolean; onView: (section: Section) => void; onEdit: (section: Section) => void }) {
  const t = useT();
  return (
    <>
      {sections.map((s) => (
        <section key={s.step} className="card review-card" aria-labelledby={`card-${s.step}`}>
          <div className="review-card-head">
            <h2 id={`card-${s.step}`}>{t(m.cardHeading, { number: String(s.number), title: s.title })}</h2>
            <span className="review-card-actions">
              <button type="button" className="text-button" onClick={() => onView(s)}>
                <Message of={m.viewDetails} values={{ title: s.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
              </button>
              <button type="button" className="text-button" onClick={() => onEdit(s)} disabled={busy}>
                <Message of={m.edit} values={{ title: s.title, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
              </button>
            </span>
          </div>
          {s.note && <p className="review-card-note">{s.note}</p>}
          {s.rows.length > 0 ? (
            <SummaryRows rows={s.rows} />
          ) : (
            <p className="muted">{t(m.nothingAsked)}</p>
          )}
        </section>
      ))}
    </>
  );
}
