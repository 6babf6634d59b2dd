import { Link } from 'react-router-dom';
import { Message, useT } from '../../../lib/i18n';
import type { ComparedChoice } from '../../../lib/storage';
import { m } from '../messages';
import { MOST_COMPARED, compareHref } from '../utils/compare-selection';

/**
 * The bar at the foot of a listing while plans are ticked to compare: which ones, Compare (n) once two are ticked, and
 * Clear. A refusal (a fourth plan, another category) is said here, where the person looks.
 */
export function CompareBar({
  choice,
  refusal,
  onRemove,
  onClear,
  usage,
}: {
  choice: ComparedChoice[];
  refusal: string | null;
  onRemove: (c: ComparedChoice) => void;
  onClear: () => void;
  /** The listing's level of use, which the comparison's yearly costs are shown at. */
  usage?: string;
}) {
  const t = useT();
  if (choice.length === 0 && !refusal) return null;
  return (
    <aside className="compare-bar" aria-label={t(m.compareBar)}>
      <div className="compare-bar-inner">
        <div className="compare-bar-choice">
          <p className="compare-bar-count">
            {choice.length < 2
              ? choice.length === 0
                ? t(m.chooseTwoOrThree)
                : t(m.chooseMore, { count: MOST_COMPARED - choice.length })
              : t(m.chosenOf, { count: choice.length, most: MOST_COMPARED })}
          </p>
          <ul>
            {choice.map((c) => (
              <li key={c.plan_id}>
                {c.plan_name}
                <button type="button" className="chip-remove" onClick={() => onRemove(c)}>
                  <Message
                    of={m.removeFromComparison}
                    values={{
                      name: c.plan_name,
                      sign: (chunks) => <span aria-hidden="true">{chunks}</span>,
                      hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
                    }}
                  />
                </button>
              </li>
            ))}
          </ul>
          <p className="compare-bar-refusal" role="status">
            {refusal}
          </p>
        </div>
        <div className="compare-bar-actions">
          {choice.length >= 2 ? (
            <Link className="button primary" to={compareHref(choice, usage)}>
              {t(m.compareCount, { count: choice.length })}
            </Link>
          ) : (
            <button type="button" className="primary" disabled>
              {t(m.compareCount, { count: choice.length })}
            </button>
          )}
          <button type="button" onClick={onClear}>
            {t(m.clear)}
          </button>
        </div>
      </div>
    </aside>
  );
}
