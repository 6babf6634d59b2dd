import { Message, useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import type { Rider } from '../api/get-plan-cart';
import { m } from '../messages';

/** The riders that can be added to the plans in the cart, each priced, with its Add. */
export function Riders({ riders, onAdd }: { riders: Rider[]; onAdd: (rider: Rider) => void }) {
  const t = useT();
  return (
    <section aria-labelledby="riders-heading">
      <h2 id="riders-heading">{t(m.ridersHeading)}</h2>
      <ul className="cards">
        {riders.map((r) => (
          <li key={r.plan_pricing_id} className="card">
            <h3>{r.plan_name}</h3>
            <p>{r.plan_short_text}</p>
            <p className="price">{t(m.riderPrice, { option: r.option_name, price: money(r.price) })}</p>
            <button type="button" onClick={() => onAdd(r)}>
              <Message of={m.addRider} values={{ name: r.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
