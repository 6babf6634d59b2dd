import { Link } from 'react-router-dom';
import { money } from '../../../utils/format';
import type { RecommendCard } from '../api/get-recommended-cards';

/**
 * A recommended plan: its logo, category, name and starting price, and More Info, which follows the card's sealed link
 * to the plan, or, for a plan the visitor cannot take now (in its blackout window, already active), asks `onNotice` to
 * say why.
 */
export function RecommendCardItem({ card, onNotice }: { card: RecommendCard; onNotice: (card: RecommendCard) => void }) {
  // Named apart from the plan lists' own More Info links ("More Info about …"), which may show the same plan.
  const about = <span className="visually-hidden">: {card.plan_name}</span>;
  return (
    <li className="card recommend-card">
      {card.plan_logo ? <img src={card.plan_logo} alt="" width={120} height={36} /> : null}
      <p className="recommend-category">{card.category_name}</p>
      <h3>{card.plan_name}</h3>
      {card.starting_from != null ? (
        <p className="price recommend-price">
          <span className="recommend-from">Starting From:</span> {money(card.starting_from)}
          <span className="per">/mo</span>
        </p>
      ) : (
        <p className="recommend-quote">Priced by the carrier</p>
      )}
      {card.notice ? (
        <button type="button" className="link recommend-more" onClick={() => onNotice(card)}>
          More Info{about}
        </button>
      ) : (
        <Link to={card.link} className="recommend-more">
          More Info{about}
        </Link>
      )}
    </li>
  );
}
