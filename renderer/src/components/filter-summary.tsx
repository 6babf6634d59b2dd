import type { Schema } from '../lib/api';
import { Message } from '../lib/i18n';
import { m } from './filter-summary.messages';

/** What the summary shows of the quote's filter. */
export type ShownFilter = Pick<Schema<'FilterInfo'>, 'zip' | 'dob' | 'tier' | 'tier_name' | 'gender' | 'is_smoker'>;

/**
 * Whether a value is a filter the summary can show: get-enrollment-temp-info answers its column as any value (the
 * document cannot say which column was asked), so its filter is checked before it is shown.
 */
export function isShownFilter(value: unknown): value is ShownFilter {
  if (typeof value !== 'object' || value === null) return false;
  const filter: Partial<Record<keyof ShownFilter, unknown>> = value;
  return (
    typeof filter.zip === 'string' &&
    typeof filter.dob === 'string' &&
    typeof filter.tier === 'string' &&
    typeof filter.tier_name === 'string' &&
    typeof filter.gender === 'string' &&
    (filter.is_smoker === undefined || filter.is_smoker === null || typeof filter.is_smoker === 'string')
  );
}

/** The read-only summary of the filter: zip, gender, smoker (only when set), tier and date of birth. */
export function FilterSummary({ filter, onEdit }: { filter: ShownFilter; onEdit: () => void }) {
  return (
    <p className="filter-summary">
      <Message
        of={m.filterSummary}
        values={{
          zip: filter.zip,
          gender: filter.gender === '1' ? 'female' : 'male',
          smoker: filter.is_smoker ? (filter.is_smoker === '1' ? 'yes' : 'no') : 'unknown',
          tier: filter.tier_name || filter.tier,
          dob: filter.dob,
          hidden: (chunks) => <span className="visually-hidden">{chunks}</span>,
          edit: (chunks) => (
            <button type="button" className="link" onClick={onEdit}>
              {chunks}
            </button>
          ),
        }}
      />
    </p>
  );
}
