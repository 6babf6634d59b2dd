import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import type { Schema } from '../../../lib/api';
import { listOf, narrowing, toggled, type Refine } from '../utils/refine';

export type Facets = Schema<'Facets'>;

export interface RefinePanelProps {
  refine: Refine;
  /** What the listing can be narrowed by, from the server: only choices that lead somewhere are offered. */
  facets: Facets | null;
  onChange: (changes: Refine) => void;
  onClear: () => void;
  onExplain: () => void;
}

const SORTS: [string, string][] = [
  ['', 'Recommended'],
  ['premium', 'Monthly premium'],
  ['deductible', 'Deductible'],
  ['oop_max', 'Out-of-pocket maximum'],
];

/**
 * Sort and filter: the order, the level of use the yearly cost is estimated at, the carriers and networks the
 * listing has, the most a person will pay a month or as a deductible, and HSA-eligible plans only. A choice from a
 * list applies at once; an amount when it is applied (each is a new listing).
 */
export function RefinePanel({ refine, facets, onChange, onClear, onExplain }: RefinePanelProps) {
  const [limits, setLimits] = useState({ max_premium: refine.max_premium ?? '', max_deductible: refine.max_deductible ?? '' });
  useEffect(() => setLimits({ max_premium: refine.max_premium ?? '', max_deductible: refine.max_deductible ?? '' }), [refine.max_premium, refine.max_deductible]);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange(limits);
  };
  const carriers = facets?.carriers ?? [];
  const networks = facets?.networks ?? [];
  const chosen = (list: string | undefined, value: string) => listOf(list).some((v) => v.toLowerCase() === value.toLowerCase());
  return (
    <div className="refine">
      <div className="form-group">
        <label htmlFor="refine-sort">Sort by</label>
        <select id="refine-sort" value={refine.sort ?? ''} onChange={(e) => onChange({ sort: e.target.value })}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
          {(facets?.estimate || refine.sort === 'yearly_cost') && <option value="yearly_cost">Estimated yearly cost</option>}
        </select>
      </div>
      {facets?.estimate && (
        <div className="form-group">
          <label htmlFor="refine-usage">Your expected use of care</label>
          <select
            id="refine-usage"
            aria-describedby="refine-usage-hint"
            value={refine.usage ?? 'medium'}
            onChange={(e) => onChange({ usage: e.target.value === 'medium' ? '' : e.target.value })}
          >
            {facets.estimate.levels.map((l) => (
              <option key={l.usage} value={l.usage}>
                {l.usage[0].toUpperCase() + l.usage.slice(1)} use
              </option>
            ))}
          </select>
          <p id="refine-usage-hint" className="hint">
            {facets.estimate.levels.find((l) => l.usage === (refine.usage ?? 'medium'))?.description}
          </p>
          <button type="button" className="link" onClick={onExplain}>
            How we estimate the yearly cost
          </button>
        </div>
      )}
      {carriers.length > 1 && (
        <fieldset className="refine-choices">
          <legend>Carrier</legend>
          {carriers.map((c) => (
            <label key={c.value}>
              <input type="checkbox" checked={chosen(refine.carriers, c.value)} onChange={() => onChange({ carriers: toggled(refine.carriers, c.value) })} /> {c.value} ({c.count})
            </label>
          ))}
        </fieldset>
      )}
      {networks.length > 1 && (
        <fieldset className="refine-choices">
          <legend>Network</legend>
          {networks.map((n) => (
            <label key={n.value}>
              <input type="checkbox" checked={chosen(refine.networks, n.value)} onChange={() => onChange({ networks: toggled(refine.networks, n.value) })} /> {n.value} ({n.count})
            </label>
          ))}
        </fieldset>
      )}
      {((facets?.hsa_eligible ?? 0) > 0 || refine.hsa) && (
        <label className="refine-hsa">
          <input type="checkbox" checked={refine.hsa === '1'} onChange={(e) => onChange({ hsa: e.target.checked ? '1' : '' })} /> HSA-eligible plans only ({facets?.hsa_eligible ?? 0})
        </label>
      )}
      <form className="refine-limits" onSubmit={apply}>
        <div className="form-group">
          <label htmlFor="refine-max-premium">Monthly premium up to ($)</label>
          <input
            id="refine-max-premium"
            inputMode="decimal"
            placeholder={facets?.premium ? `${Math.ceil(facets.premium.max)}` : undefined}
            value={limits.max_premium}
            onChange={(e) => setLimits({ ...limits, max_premium: e.target.value })}
          />
        </div>
        {facets?.deductible && (
          <div className="form-group">
            <label htmlFor="refine-max-deductible">Deductible up to ($)</label>
            <input
              id="refine-max-deductible"
              inputMode="numeric"
              placeholder={`${facets.deductible.max}`}
              value={limits.max_deductible}
              onChange={(e) => setLimits({ ...limits, max_deductible: e.target.value })}
            />
          </div>
        )}
        <button type="submit">Apply limits</button>
      </form>
      {facets?.not_applied.map((n) => (
        <p key={n.filter} className="hint">
          {n.words}.
        </p>
      ))}
      {(narrowing(refine) > 0 || refine.sort) && (
        <button type="button" className="link" onClick={onClear}>
          Clear all choices
        </button>
      )}
    </div>
  );
}

/** How the estimated yearly cost is worked out, with its levels of use. */
export function EstimateDialog({ estimate, onClose }: { estimate: NonNullable<Facets['estimate']>; onClose: () => void }) {
  return (
    <Modal title="How we estimate the yearly cost" open onClose={onClose}>
      <p>{estimate.explanation}</p>
      <dl className="estimate-levels">
        {estimate.levels.map((l) => (
          <div key={l.usage}>
            <dt>{l.usage[0].toUpperCase() + l.usage.slice(1)} use</dt>
            <dd>{l.description}</dd>
          </div>
        ))}
      </dl>
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
