import { PerPaycheck } from '../../../components/per-paycheck';
import { Message, useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import type { CartLine } from '../api/get-plan-cart';
import { m } from '../messages';

/** Remove's mark (its name, read instead, is the button's label). */
const CROSS = '✕';

export interface CartLinesProps {
  /** The lines a person may remove (a membership that comes with a plan is listed beside the costs instead). */
  lines: CartLine[];
  onDetails: (line: CartLine) => void;
  onRemove: (line: CartLine) => void;
}

/** The cart's plans: each with its coverage and level, its price (and per paycheck), its details and Remove. */
export function CartLines({ lines, onDetails, onRemove }: CartLinesProps) {
  const t = useT();
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t(m.product)}</th>
          <th scope="col">{t(m.totalPrice)}</th>
          <th scope="col">
            <span className="visually-hidden">{t(m.remove)}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.plan_id}>
            <td>
              <button type="button" className="link" onClick={() => onDetails(l)}>
                <Message of={m.planDetailsOf} values={{ name: l.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
              </button>
              <br />
              <small>{l.coverage ? t(m.lineCoverage, { coverage: l.coverage, level: l.option_name }) : l.option_name}</small>
            </td>
            <td>
              {money(l.price)}
              <PerPaycheck paycheck={l.per_paycheck} />
            </td>
            <td>
              <button type="button" className="link" aria-label={t(m.removePlan, { name: l.plan_name })} onClick={() => onRemove(l)}>
                {CROSS}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
