import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type Paycheck, PerPaycheck } from './per-paycheck';
import { money, slug } from '../utils/format';
import { Message, useT } from '../lib/i18n';
import { m } from './plan-card.messages';

/** The words read only by a screen reader, inside a message (`<hidden>…</hidden>`). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;
/** "/mo" after a price (`<per>…</per>`). */
const per = (chunks: ReactNode[]) => <span className="per">{chunks}</span>;

export interface PlanCardData {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price?: number | null;
  /** The lowest price anyone can be quoted: shown when the quote's own price waits for the plan's questions. */
  from_price?: number | null;
  /** What the quote's price waits for ("Price after 1 question: whether you use tobacco"). */
  price_note?: string | null;
  /** A health plan's estimated yearly cost at each level of use. */
  yearly_cost?: { low: number; medium: number; high: number } | null;
  /** The price per paycheck, for an employee of a group that says how often it pays. */
  per_paycheck?: Paycheck | null;
  plan_category?: string;
  carrier_name?: string;
  /** Up to three facts people compare plans by ("Annual maximum", "$1,000"). */
  highlights?: { label: string; value: string }[];
}

/** A card's facts as label and value. */
export function PlanHighlights({ highlights }: { highlights?: { label: string; value: string }[] }) {
  if (!highlights || highlights.length === 0) return null;
  return (
    <dl className="highlights">
      {highlights.map((h) => (
        <div key={h.label}>
          <dt>{h.label}</dt>
          <dd>{h.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface CompareToggleProps {
  planName: string;
  checked: boolean;
  onChange: () => void;
}

/** The card's Compare check box, named for its plan. */
export function CompareToggle({ planName, checked, onChange }: CompareToggleProps) {
  return (
    <label className="compare-toggle">
      <input type="checkbox" checked={checked} onChange={onChange} />
      <Message of={m.compare} values={{ name: planName, hidden }} />
    </label>
  );
}

/**
 * A plan's card: logo, name, carrier, short text, the facts it is compared by, the starting price when there is one,
 * More Info (to `to`, or the plan, or `action` in its place), and Compare when `compare` is given.
 */
export function PlanCard({
  plan,
  to,
  priceLabel,
  compare,
  action,
  headingLevel = 3,
  estimate,
}: {
  plan: PlanCardData;
  /** The level of use a yearly cost is shown at, and what explains it. */
  estimate?: { usage: 'low' | 'medium' | 'high'; onExplain: () => void };
  to?: string;
  /** The words before the price ("From"); Starting From in the page's language without. */
  priceLabel?: string;
  compare?: Omit<CompareToggleProps, 'planName'>;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useT();
  return (
    <li className={compare?.checked ? 'card plan-card is-compared' : 'card plan-card'}>
      <img src={plan.plan_logo} alt="" width={120} height={36} />
      <Heading className="card-title">{plan.plan_name}</Heading>
      {plan.carrier_name && <p className="carrier">{plan.carrier_name}</p>}
      <p>{plan.plan_short_text}</p>
      <PlanHighlights highlights={plan.highlights} />
      {plan.plan_price != null ? (
        <p className="price">
          <Message of={m.price} values={{ label: priceLabel ?? t(m.startingFrom), price: money(plan.plan_price), per }} />
          <PerPaycheck paycheck={plan.per_paycheck} />
        </p>
      ) : (
        plan.from_price != null && (
          <p className="price">
            <Message of={m.startingFromPrice} values={{ price: money(plan.from_price), per }} />
            <span className="price-note">{plan.price_note ?? t(m.priceNote)}</span>
          </p>
        )
      )}
      {plan.yearly_cost && estimate && (
        <p className="yearly-cost">
          <Message
            of={m.yearlyCost}
            values={{
              cost: money(plan.yearly_cost[estimate.usage]),
              usage: estimate.usage,
              name: plan.plan_name,
              strong: (chunks) => <strong>{chunks}</strong>,
              per,
              hidden,
              explain: (chunks) => (
                <button type="button" className="link" onClick={estimate.onExplain}>
                  {chunks}
                </button>
              ),
            }}
          />
        </p>
      )}
      <div className="card-actions">
        {action ?? (
          <Link to={to ?? `/plan/${plan.plan_id}/${slug(plan.plan_name)}`}>
            <Message of={m.moreInfo} values={{ name: plan.plan_name, hidden }} />
          </Link>
        )}
        {compare && <CompareToggle planName={plan.plan_name} {...compare} />}
      </div>
    </li>
  );
}
