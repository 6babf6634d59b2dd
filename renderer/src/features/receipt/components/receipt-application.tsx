import { SummaryRows } from '../../../components/summary-rows';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/** The whole application as it was sent, a section for each step that asked something; `of` as in ReceiptPayment. */
export function ReceiptApplication({ sections, of }: { sections: Schema<'Section'>[]; of?: string }) {
  const t = useT();
  return (
    <section aria-labelledby="application-heading" className="receipt-application">
      <h2 id="application-heading">{of ? t(m.repApplicationHeading, { name: of }) : t(m.applicationHeading)}</h2>
      {sections
        .filter((s) => s.rows.length > 0)
        .map((s) => (
          <section key={s.step} aria-labelledby={`application-${s.step}`}>
            <h3 id={`application-${s.step}`}>{s.title}</h3>
            <SummaryRows rows={s.rows} full />
          </section>
        ))}
    </section>
  );
}
