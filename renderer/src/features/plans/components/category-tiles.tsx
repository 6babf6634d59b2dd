import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { homepagePlanQuery } from '../api/get-homepage-plan';

/**
 * The Plans grid: a tile for each category the site offers, leading to its plans. The menu above offers the same
 * categories, so the grid is left out while it loads or when it could not be read.
 */
export function CategoryTiles() {
  const tiles = useQuery(homepagePlanQuery).data ?? [];
  if (tiles.length === 0) return null;
  return (
    <section aria-labelledby="plans-heading" className="landing-section">
      <div className="section-head">
        <h2 id="plans-heading">Plans</h2>
        <p>Browse every kind of coverage the store offers. Prices come when you are ready.</p>
      </div>
      <ul className="tiles">
        {tiles.map((t) => (
          <li key={t.link}>
            <Link to={t.link} className="tile">
              <img src={t.image} alt="" width={64} height={64} />
              <span>{t.plan.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
