import { PerPaycheck } from '../../../components/per-paycheck';
import type { Schema } from '../../../lib/api';
import { useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import { m } from '../messages';
import type { PriceLine } from '../utils/pricing';

export interface PriceLinesProps {
  lines: PriceLine[];
  /** A plan whose price is the carrier's to quote: its price is shown in the cart. */
  hidesPrice: boolean;
  /** Whether Add to Cart may be offered (no popup is still to answer). */
  ready: boolean;
  /** What opens the plan's popups instead (Enroll Now), while they wait. */
  button: Schema<'PlanFlow'>['buttons'][number] | undefined;
  onAdd: (line: PriceLine) => void;
  onOpen: (start: Schema<'Step'>) => void;
}

/** The plan's prices for the quote, a line per level with its coverage, monthly (and yearly) cost and Add to Cart. */
export function PriceLines({ lines, hidesPrice, ready, button, onAdd, onOpen }: PriceLinesProps) {
  const t = useT();
  const yearly = lines.some((l) => l.yearly_cost);
  return (
    <section aria-labelledby="prices-heading">
      <h2 id="prices-heading">{t(m.yourPrice)}</h2>
      {/* On a phone each line is a card of its own (styles.css, .price-lines): the roles stay those of a table. */}
      <table className="table price-lines" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">{t(m.coverage)}</th>
            <th scope="col" role="columnheader">{t(m.level)}</th>
            <th scope="col" role="columnheader">{t(m.monthlyPrice)}</th>
            {yearly && (
              <th scope="col" role="columnheader">
                {t(m.yearlyCostMedium)}
              </th>
            )}
            <th scope="col" role="columnheader">
              <span className="visually-hidden">{t(m.action)}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {lines.map((line) => (
            <tr key={line.plan_pricing_id} role="row">
              <td role="cell" data-label={t(m.coverage)}>{line.coverage}</td>
              <td role="cell" data-label={t(m.level)}>{line.option_name}</td>
              <td role="cell" data-label={t(m.monthlyPrice)}>
                {hidesPrice || line.plan_price == null ? t(m.shownInCart) : money(line.plan_price)}
                <PerPaycheck paycheck={line.per_paycheck} />
              </td>
              {yearly && (
                <td role="cell" data-label={t(m.yearlyCostMedium)}>
                  {line.yearly_cost ? money(line.yearly_cost.medium) : t(m.noEstimate)}
                </td>
              )}
              <td role="cell" className="price-line-action">
                {ready ? (
                  <button type="button" className="primary" onClick={() => onAdd(line)} aria-label={t(m.addToCartOption, { option: line.option_name })}>
                    {t(m.addToCart)}
                  </button>
                ) : button ? (
                  <button type="button" className="primary" onClick={() => onOpen(button.view)}>
                    {button.label}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
