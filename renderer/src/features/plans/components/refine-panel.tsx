import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import type { Schema } from '../../../lib/api';
import { useT, type MessageDescriptor } from '../../../lib/i18n';
import { m } from '../messages';
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

const SORTS: [string, MessageDescriptor][] = [
  ['', m.sortRecommended],
  ['premium', m.sortPremium],
  ['deductible', m.sortDeductible],
  ['oop_max', m.sortOopMax],
];

/**
 * Sort and filter: the order, the level of use the yearly cost is estimated at, the carriers and networks the
 * listing has, the most a person will pay a month or as a deductible, and HSA-eligible plans only. A choice from a
 * list applies at once; an amount when it is applied (each is a new listing).
 */
export function RefinePanel({ refine, facets, onChange, onClear, onExplain }: RefinePanelProps) {
  const t = useT();
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
        <label htmlFor="refine-sort">{t(m.sortBy)}</label>
        <select id="refine-sort" value={refine.sort ?? ''} onChange={(e) => onChange({ sort: e.target.value })}>
          {SORTS.map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
          {(facets?.estimate || refine.sort === 'yearly_cost') && <option value="yearly_cost">{t(m.sortYearlyCost)}</option>}
        </select>
      </div>
      {facets?.estimate && (
        <div className="form-group">
          <label htmlFor="refine-usage">{t(m.expectedUse)}</label>
          <select
            id="refine-usage"
            aria-describedby="refine-usage-hint"
            value={refine.usage ?? 'medium'}
            onChange={(e) => onChange({ usage: e.target.value === 'medium' ? '' : e.target.value })}
          >
            {facets.estimate.levels.map((l) => (
              <option key={l.usage} value={l.usage}>
                {t(m.usage, { usage: l.usage })}
              </option>
            ))}
          </select>
          <p id="refine-usage-hint" className="hint">
            {facets.estimate.levels.find((l) => l.usage === (refine.usage ?? 'medium'))?.description}
          </p>
          <button type="button" className="link" onClick={onExplain}>
            {t(m.howWeEstimate)}
          </button>
        </div>
      )}
      {carriers.length > 1 && (
        <fieldset className="refine-choices">
          <legend>{t(m.carrier)}</legend>
          {carriers.map((c) => (
            <label key={c.value}>
              <input type="checkbox" checked={chosen(refine.carriers, c.value)} onChange={() => onChange({ carriers: toggled(refine.carriers, c.value) })} /> {t(m.withCount, { name: c.value, count: c.count })}
            </label>
          ))}
        </fieldset>
      )}
      {networks.length > 1 && (
        <fieldset className="refine-choices">
          <legend>{t(m.network)}</legend>
          {networks.map((n) => (
            <label key={n.value}>
              <input type="checkbox" checked={chosen(refine.networks, n.value)} onChange={() => onChange({ networks: toggled(refine.networks, n.value) })} /> {t(m.withCount, { name: n.value, count: n.count })}
            </label>
          ))}
        </fieldset>
      )}
      {((facets?.hsa_eligible ?? 0) > 0 || refine.hsa) && (
        <label className="refine-hsa">
          <input type="checkbox" checked={refine.hsa === '1'} onChange={(e) => onChange({ hsa: e.target.checked ? '1' : '' })} /> {t(m.hsaOnly, { count: facets?.hsa_eligible ?? 0 })}
        </label>
      )}
      <form className="refine-limits" onSubmit={apply}>
        <div className="form-group">
          <label htmlFor="refine-max-premium">{t(m.maxPremium)}</label>
          <input
            id="refine-max-premium"
            inputMode="decimal"
            placeholder={facets?.premium ? String(Math.ceil(facets.premium.max)) : undefined}
            value={limits.max_premium}
            onChange={(e) => setLimits({ ...limits, max_premium: e.target.value })}
          />
        </div>
        {facets?.deductible && (
          <div className="form-group">
            <label htmlFor="refine-max-deductible">{t(m.maxDeductible)}</label>
            <input
              id="refine-max-deductible"
              inputMode="numeric"
              placeholder={String(facets.deductible.max)}
              value={limits.max_deductible}
              onChange={(e) => setLimits({ ...limits, max_deductible: e.target.value })}
            />
          </div>
        )}
        <button type="submit">{t(m.applyLimits)}</button>
      </form>
      {facets?.not_applied.map((n) => (
        <p key={n.filter} className="hint">
          {t(m.notApplied, { words: n.words })}
        </p>
      ))}
      {(narrowing(refine) > 0 || refine.sort) && (
        <button type="button" className="link" onClick={onClear}>
          {t(m.clearAll)}
        </button>
      )}
    </div>
  );
}

/** How the estimated yearly cost is worked out, with its levels of use. */
export function EstimateDialog({ estimate, onClose }: { estimate: NonNullable<Facets['estimate']>; onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t(m.howWeEstimate)} open onClose={onClose}>
      <p>{estimate.explanation}</p>
      <dl className="estimate-levels">
        {estimate.levels.map((l) => (
          <div key={l.usage}>
            <dt>{t(m.usage, { usage: l.usage })}</dt>
            <dd>{l.description}</dd>
          </div>
        ))}
      </dl>
      <div className="buttons">
        <button type="button" className="primary" onClick={onClose}>
          {t(m.ok)}
        </button>
      </div>
    </Modal>
  );
}
