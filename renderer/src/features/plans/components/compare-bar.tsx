import { Link } from 'react-router-dom';
import type { ComparedChoice } from '../../../lib/storage';
import { MOST_COMPARED, compareHref } from '../utils/compare-selection';

/**
 * The bar at the foot of a listing while plans are ticked to compare: which ones, Compare (n) once two are ticked, and
 * Clear. A refusal (a fourth plan, another category) is said here, where the person looks.
 */
export function CompareBar({ choice, refusal, onRemove, onClear }: { choice: ComparedChoice[]; refusal: string | null; onRemove: (c: ComparedChoice) => void; onClear: () => void }) {
  if (choice.length === 0 && !refusal) return null;
  return (
    <aside className="compare-bar" aria-label="Plans to compare">
      <div className="compare-bar-inner">
        <div className="compare-bar-choice">
          <p className="compare-bar-count">
            {choice.length < 2
              ? `Choose ${choice.length === 0 ? 'two or three plans' : `up to ${MOST_COMPARED - choice.length} more`} to compare`
              : `${choice.length} of ${MOST_COMPARED} plans chosen`}
          </p>
          <ul>
            {choice.map((c) => (
              <li key={c.plan_id}>
                {c.plan_name}
                <button type="button" className="chip-remove" onClick={() => onRemove(c)}>
                  <span aria-hidden="true">×</span>
                  <span className="visually-hidden">Remove {c.plan_name} from the comparison</span>
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
            <Link className="button primary" to={compareHref(choice)}>
              Compare ({choice.length})
            </Link>
          ) : (
            <button type="button" className="primary" disabled>
              Compare ({choice.length})
            </button>
          )}
          <button type="button" onClick={onClear}>
            Clear
          </button>
        </div>
      </div>
    </aside>
  );
}
