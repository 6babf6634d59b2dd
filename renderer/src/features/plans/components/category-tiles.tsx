import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { homepagePlanQuery } from '../api/get-homepage-plan';
import { m } from './category-tiles.messages';

/**
 * The Plans grid: a tile for each category the site offers, leading to its plans. The menu above offers the same
 * categories, so the grid is left out while it loads or when it could not be read.
 */
export function CategoryTiles() {
  const t = useT();
  const tiles = useQuery(homepagePlanQuery).data ?? [];
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="plans-heading" className="landing-section">
      <div className="section-head">
        <h2 id="plans-heading">{t(m.plans)}</h2>
        <p>{t(m.plansLead)}</p>
      </div>
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.link}>
            <Link to={tile.link} className="tile">
              <img src={tile.image} alt="" width={64} height={64} />
              <span>{tile.plan.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
