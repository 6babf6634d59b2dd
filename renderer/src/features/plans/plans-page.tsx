import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { api, money, slug, tempId } from '../../lib/api';

interface Category {
  category: string;
  display_name: string;
}

interface Plan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number;
  plan_category: string;
}

interface FilterInfo {
  zip: string;
  dob: string;
  tier: string;
  gender: string;
  is_smoker?: string | null;
}

const TIERS: Record<string, string> = { IO: 'Member Only', IS: 'Member + Spouse', IC: 'Member + Children', IF: 'Family' };

export function PlansPage() {
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  const id = tempId.get();
  const [categories, setCategories] = useState<Category[]>([]);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [filter, setFilter] = useState<FilterInfo | null>(null);

  useEffect(() => {
    if (!id) return;
    api.get<Category[]>('/get-plan-category').then(setCategories, () => setCategories([]));
    api.get<{ result: FilterInfo }>(`/get-enrollment-temp-info?enrollment_id=${id}&column=filter_info`).then((d) => setFilter(d.result), () => setFilter(null));
  }, [id]);

  useEffect(() => {
    if (!id) return;
    setPlans(null);
    api.get<{ result: Plan[] }>(`/get-filtered-plans?enrollment_id=${id}&categories=${encodeURIComponent(type)}`).then((d) => setPlans(d.result), () => setPlans([]));
  }, [id, type]);

  if (!id) return <Navigate to="/" replace />;
  const shown = categories.filter((c) => !type || c.category === type);
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › <span>Plans</span>
      </nav>
      <h1>{shown.length === 1 ? shown[0].display_name : 'Plans'}</h1>
      {filter && (
        <p className="filter-summary">
          Zip {filter.zip} · {filter.gender === '1' ? 'Female' : 'Male'}
          {filter.is_smoker ? ` · Smoker: ${filter.is_smoker === '1' ? 'Yes' : 'No'}` : ''} · {TIERS[filter.tier] ?? filter.tier} · DOB {filter.dob} ·{' '}
          <Link to="/">Edit</Link>
        </p>
      )}
      <nav aria-label="Categories" className="category-menu">
        {categories.map((c) => (
          <Link key={c.category} to={`/plans?type=${c.category}`} aria-current={c.category === type ? 'page' : undefined}>
            {c.display_name}
          </Link>
        ))}
      </nav>
      {plans === null ? (
        <p>Loading…</p>
      ) : plans.length === 0 ? (
        <p>No Plans are available for your selection</p>
      ) : (
        shown.map((c) => {
          const inCategory = plans.filter((p) => p.plan_category === c.category);
          if (inCategory.length === 0) return null;
          return (
            <section key={c.category} aria-labelledby={`section-${c.category}`}>
              <h2 id={`section-${c.category}`}>{c.display_name}</h2>
              <ul className="cards">
                {inCategory.map((p) => (
                  <li key={p.plan_id} className="card">
                    <img src={p.plan_logo} alt="" width={120} height={36} />
                    <h3>{p.plan_name}</h3>
                    <p>{p.plan_short_text}</p>
                    <p className="price">Starting From {money(p.plan_price)}/mo</p>
                    <Link to={`/plan/${p.plan_id}/${slug(p.plan_name)}`}>
                      More Info<span className="visually-hidden"> about {p.plan_name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </>
  );
}
