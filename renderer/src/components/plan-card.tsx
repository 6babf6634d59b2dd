import { Link } from 'react-router-dom';
import { money, slug } from '../utils/format';

export interface PlanCardData {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price?: number | null;
  plan_category?: string;
}

/** A plan's card: logo, name, short text, the starting price when there is one, and More Info (to `to`, or the plan). */
export function PlanCard({ plan, to, priceLabel = 'Starting From' }: { plan: PlanCardData; to?: string; priceLabel?: string }) {
  return (
    <li className="card">
      <img src={plan.plan_logo} alt="" width={120} height={36} />
      <h3>{plan.plan_name}</h3>
      <p>{plan.plan_short_text}</p>
      {plan.plan_price != null && (
        <p className="price">
          {priceLabel} {money(plan.plan_price)}/mo
        </p>
      )}
      <Link to={to ?? `/plan/${plan.plan_id}/${slug(plan.plan_name)}`}>
        More Info<span className="visually-hidden"> about {plan.plan_name}</span>
      </Link>
    </li>
  );
}
