import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Schema } from '../../../lib/api';
import { getPlanCategory } from '../api/get-plan-category';

/** A tile for each category of plans, leading to its plans. */
export function CategoryTiles() {
  const [categories, setCategories] = useState<Schema<'Category'>[]>([]);
  useEffect(() => {
    getPlanCategory().then(setCategories, () => setCategories([]));
  }, []);
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      <ul className="tiles">
        {categories.map((c) => (
          <li key={c.category}>
            <Link to={`/plans?type=${c.category}`} className="tile">
              <img src={c.image} alt="" width={64} height={64} />
              <span>{c.display_name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
