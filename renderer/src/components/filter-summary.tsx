import type { FilterInfo } from '../types/api';

const TIERS: Record<string, string> = { IO: 'Member Only', IS: 'Member + Spouse', IC: 'Member + Children', IF: 'Family' };

/** The read-only summary of the filter: zip, gender, smoker (only when set), tier and date of birth. */
export function FilterSummary({ filter, onEdit }: { filter: FilterInfo; onEdit: () => void }) {
  return (
    <p className="filter-summary">
      Zip {filter.zip} · {filter.gender === '1' ? 'Female' : 'Male'}
      {filter.is_smoker ? ` · Smoker: ${filter.is_smoker === '1' ? 'Yes' : 'No'}` : ''} · {TIERS[filter.tier] ?? filter.tier} · DOB {filter.dob} ·{' '}
      <button type="button" className="link" onClick={onEdit}>
        Edit<span className="visually-hidden"> your information</span>
      </button>
    </p>
  );
}
