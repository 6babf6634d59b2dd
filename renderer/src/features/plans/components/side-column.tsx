import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import { m } from '../messages';

/** A part of the side column: beside the plans on a wide screen, folded behind its title on a phone. */
export function SideSection({ folded, title, chosen, children }: { folded: boolean; title: string; chosen: number; children: ReactNode }) {
  const t = useT();
  if (!folded) {
    return (
      <section className="side-filter" aria-label={title}>
        <h2 className="side-filter-title">{title}</h2>
        {children}
      </section>
    );
  }
  return (
    <details className="side-filter-folded">
      <summary>
        {title}
        {chosen > 0 && <span className="side-filter-count"> {t(m.chosen, { count: chosen })}</span>}
      </summary>
      <section className="side-filter" aria-label={title}>
        {children}
      </section>
    </details>
  );
}

/**
 * The category checkboxes: beside the plans on a wide screen; on a phone folded behind "Filter by category", which
 * says how many are ticked, so the plans start on the first screen rather than after a dozen checkboxes.
 */
export function CategoryFilter({ folded, chosen, children }: { folded: boolean; chosen: number; children: ReactNode }) {
  const t = useT();
  if (!folded) {
    return (
      <fieldset className="side-filter">
        <legend>{t(m.filterByCategory)}</legend>
        {children}
      </fieldset>
    );
  }
  return (
    <details className="side-filter-folded">
      <summary>
        {t(m.filterByCategory)}
        {chosen > 0 && <span className="side-filter-count"> {t(m.chosen, { count: chosen })}</span>}
      </summary>
      <fieldset className="side-filter">
        <legend className="visually-hidden">{t(m.filterByCategory)}</legend>
        {children}
      </fieldset>
    </details>
  );
}
