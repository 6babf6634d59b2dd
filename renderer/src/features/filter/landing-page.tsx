import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PlanCard } from '../../components/plan-card';
import { SchemaForm } from '../../components/schema-form';
import { ApiError, api, chosenGroup, tempId } from '../../lib/api';
import { useCartCount } from '../../lib/cart-count';

interface FilterForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
}

interface Category {
  category: string;
  display_name: string;
  image: string;
}

interface FeaturedPlan {
  plan_id: number;
  plan_name: string;
  plan_logo: string;
  plan_short_text: string;
  plan_category: string;
}

export function LandingPage() {
  const navigate = useNavigate();
  const { refresh } = useCartCount();
  const [form, setForm] = useState<FilterForm | null>(null);
  const [errors, setErrors] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [categories, setCategories] = useState<Category[]>([]);
  const [featured, setFeatured] = useState<FeaturedPlan[]>([]);

  useEffect(() => {
    const id = tempId.get();
    api
      .get<FilterForm>(`/filter-form${id ? `?enrollment_id=${id}` : ''}`)
      .catch(() => {
        tempId.clear();
        return api.get<FilterForm>('/filter-form');
      })
      .then(setForm, () => setForm(null));
    api.get<Category[]>('/get-plan-category').then(setCategories, () => setCategories([]));
    api.get<FeaturedPlan[]>('/get-featured-plans').then(setFeatured, () => setFeatured([]));
  }, []);

  const submit = async (data: Record<string, unknown>) => {
    setBusy(true);
    setErrors(null);
    try {
      const id = tempId.get();
      if (id) {
        await api.put(`/change-filter-info/${id}`, data);
      } else {
        // Who enrolls (applicant, rep, employee) is the server's to know from the session; a rep says which group.
        const created = await api.post<{ temp_enrollment_id: number }>('/add-filter-for-new-user', { ...data, group_id: chosenGroup.get() });
        tempId.set(created.temp_enrollment_id);
      }
      refresh();
      navigate('/plans?type=medical');
    } catch (e) {
      if (e instanceof ApiError) setErrors(e);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="banner">
        <h1>Welcome to the Benefit Store, Let's Get Started</h1>
        {form ? (
          <SchemaForm
            id="filter"
            schema={form.schema}
            uiSchema={form.uiSchema}
            formData={form.formData}
            extraErrors={errors?.errorSchema()}
            disabled={busy}
            onSubmit={submit}
          >
            <button type="submit" className="primary" disabled={busy}>
              Submit
            </button>
          </SchemaForm>
        ) : (
          <p>Loading…</p>
        )}
      </section>
      {featured.length > 0 && (
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured Plans</h2>
          <ul className="cards">
            {featured.map((p) => (
              <PlanCard key={p.plan_id} plan={p} to={`/plans?type=${p.plan_category}`} />
            ))}
          </ul>
        </section>
      )}
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
    </>
  );
}
