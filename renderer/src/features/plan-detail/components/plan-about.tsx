import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p, i) => (
          <p key={i} className="prewrap">
            {p.trim()}
          </p>
        ))}
    </>
  );
}

/** What the plan is: its heading and text, and its exclusions, example and questions folded under their names. */
export function PlanAbout({ description: d }: { description: Schema<'PlanDescription'> }) {
  const t = useT();
  return (
    <section aria-labelledby="about-heading">
      <h2 id="about-heading">{d.header_text || t(m.aboutThisPlan)}</h2>
      <Paragraphs text={d.body_text} />
      {[
        [d.exclusions_text_name, d.exclusions_text],
        [d.example_text_name, d.example_text],
        [d.faq_text_name, d.faq_text],
      ]
        .filter(([name, text]) => name && text)
        .map(([name, text]) => (
          <details key={name}>
            <summary>{name}</summary>
            <Paragraphs text={text} />
          </details>
        ))}
    </section>
  );
}
