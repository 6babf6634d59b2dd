import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Schema } from '../../../lib/api';
import { getHomepagePlan } from '../api/get-homepage-plan';

/** The Plans grid: a tile for each category the site offers, leading to its plans. */
export function CategoryTiles() {
  const [tiles, setTiles] = useState<Schema<'HomeTile'>[]>([]);
  useEffect(() => {
    getHomepagePlan().then(setTiles, () => setTiles([]));
  }, []);
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
