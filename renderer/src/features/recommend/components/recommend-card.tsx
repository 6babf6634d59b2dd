import { Link } from 'react-router-dom';
import { Message, useT } from '../../../lib/i18n';
import { money } from '../../../utils/format';
import type { RecommendCard } from '../api/get-recommended-cards';
import { m } from './recommend-card.messages';

/**
 * A recommended plan: its logo, category, name and starting price, and More Info, which follows the card's sealed link
 * to the plan, or, for a plan the visitor cannot take now (in its blackout window, already active), asks `onNotice` to
 * say why.
 */
export function RecommendCardItem({ card, onNotice }: { card: RecommendCard; onNotice: (card: RecommendCard) => void }) {
  const t = useT();
  // Named apart from the plan lists' own More Info links ("More Info about …"), which may show the same plan.
  const moreInfo = <Message of={m.moreInfo} values={{ name: card.plan_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> }} />;
  return (
    <li className="card recommend-card">
      {card.plan_logo ? <img src={card.plan_logo} alt="" width={120} height={36} /> : null}
      <p className="recommend-category">{card.category_name}</p>
      <h3>{card.plan_name}</h3>
      {card.starting_from != null ? (
        <p className="price recommend-price">
          <Message
            of={m.startingFrom}
            values={{
              price: money(card.starting_from),
              from: (chunks) => <span className="recommend-from">{chunks}</span>,
              per: (chunks) => <span className="per">{chunks}</span>,
            }}
          />
        </p>
      ) : (
        <p className="recommend-quote">{t(m.pricedByCarrier)}</p>
      )}
      {card.notice ? (
        <button type="button" className="link recommend-more" onClick={() => onNotice(card)}>
          {moreInfo}
        </button>
      ) : (
        <Link to={card.link} className="recommend-more">
          {moreInfo}
        </Link>
      )}
    </li>
  );
}
