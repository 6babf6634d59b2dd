import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { PlanCard } from '../../components/plan-card';
import { api, tempId } from '../../lib/api';
import { type FilterInfo, FilterSummary, PartiesSummary, QuoteFormDialog, useQuoteParties } from '../filter/quote-form';

interface Category {
  category: string;
  display_name: string;
}

interface SideCategory extends Category {
  count: number;
}

interface Plan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_price: number | null;
  plan_category: string;
}

export function PlansPage() {
  const id = tempId.get();
  return id ? <Plans id={id} /> : <Navigate to="/" replace />;
}

function Plans({ id }: { id: string }) {
  const [params] = useSearchParams();
  const type = params.get('type') ?? '';
  const [categories, setCategories] = useState<Category[]>([]);
  const [menu, setMenu] = useState<string[]>([]);
  const [side, setSide] = useState<SideCategory[]>([]);
  // The side filter's choice: the menu's category, and any others the person ticks.
  const [selected, setSelected] = useState<string[]>(type ? [type] : []);
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [filter, setFilter] = useState<FilterInfo | null>(null);
  const [editing, setEditing] = useState(false);
  const parties = useQuoteParties(id);

  useEffect(() => setSelected(type ? [type] : []), [type]);

  const loadFilter = useCallback(() => {
    api.get<{ result: FilterInfo }>(`/get-enrollment-temp-info?enrollment_id=${id}&column=filter_info`).then((d) => setFilter(d.result), () => setFilter(null));
  }, [id]);

  useEffect(() => {
    api.get<Category[]>('/get-plan-category').then(setCategories, () => setCategories([]));
    api.get<string[]>('/get-common-menu').then(setMenu, () => setMenu([]));
    api.get<{ result: { categories: SideCategory[] } }>(`/get-left-side-filter-fields?enrollment_id=${id}`).then((d) => setSide(d.result.categories), () => setSide([]));
    loadFilter();
  }, [id, loadFilter]);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    setPlans(null);
    api
      .get<{ result: Plan[]; message: string | null }>(`/get-filtered-plans?enrollment_id=${id}&categories=${encodeURIComponent(selected.join(','))}`)
      .then(
        (d) => {
          setPlans(d.result);
          setMessage(d.message);
        },
        () => setPlans([]),
      );
  }, [id, selected, version]);

  const shown = categories.filter((c) => selected.length === 0 || selected.includes(c.category));
  const toggle = (category: string) =>
    setSelected((current) => (current.includes(category) ? current.filter((c) => c !== category) : [...current, category]));
  return (
    <>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> › {parties?.result.user_info && <span>Current Member › </span>}
        <span>Plans</span>
      </nav>
      <h1>{shown.length === 1 ? shown[0].display_name : 'Plans'}</h1>
      {filter && <FilterSummary filter={filter} onEdit={() => setEditing(true)} />}
      <PartiesSummary parties={parties} />
      <nav aria-label="Categories" className="category-menu">
        {categories
          .filter((c) => menu.includes(c.category))
          .map((c) => (
            <Link key={c.category} to={`/plans?type=${c.category}`} aria-current={c.category === type ? 'page' : undefined}>
              {c.display_name}
            </Link>
          ))}
      </nav>
      <div className="plans-layout">
        {side.length > 0 && (
          <fieldset className="side-filter">
            <legend>Filter by category</legend>
            {side.map((c) => (
              <label key={c.category}>
                <input type="checkbox" checked={selected.includes(c.category)} onChange={() => toggle(c.category)} /> {c.display_name} ({c.count})
              </label>
            ))}
          </fieldset>
        )}
        <div>
          {plans === null ? (
            <p>Loading…</p>
          ) : plans.length === 0 ? (
            <p>{message}</p>
          ) : (
            shown.map((c) => {
              const inCategory = plans.filter((p) => p.plan_category === c.category);
              if (inCategory.length === 0) return null;
              return (
                <section key={c.category} aria-labelledby={`section-${c.category}`}>
                  <h2 id={`section-${c.category}`}>{c.display_name}</h2>
                  <ul className="cards">
                    {inCategory.map((p) => (
                      <PlanCard key={p.plan_id} plan={p} />
                    ))}
                  </ul>
                </section>
              );
            })
          )}
        </div>
      </div>
      <QuoteFormDialog
        enrollmentId={id}
        category={type}
        open={editing}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          loadFilter();
          setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
