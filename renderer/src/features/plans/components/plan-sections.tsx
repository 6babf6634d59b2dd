import { PlanCard } from '../../../components/plan-card';
import type { Schema } from '../../../lib/api';
import type { useCompareChoice } from '../hooks/use-compare-choice';

type Plan = Schema<'PlanCard'>;
type Category = Schema<'Category'>;

export interface PlanSectionsProps {
  /** The categories shown, in the catalogue's order: a section each, under its heading. */
  shown: Category[];
  plans: Plan[];
  /** The level of use a yearly cost is shown at, and what explains it. */
  estimate?: { usage: 'low' | 'medium' | 'high'; onExplain: () => void };
  compare: ReturnType<typeof useCompareChoice>;
  /** A category's name, for the comparison's refusal. */
  categoryName: (category: string) => string | undefined;
}

/** The plans listed, a section per category that lists any, each card with its Compare box. */
export function PlanSections({ shown, plans, estimate, compare, categoryName }: PlanSectionsProps) {
  return (
    <>
      {shown.map((c) => {
        const inCategory = plans.filter((p) => p.plan_category === c.category);
        if (inCategory.length === 0) return null;
        return (
          <section key={c.category} aria-labelledby={`section-${c.category}`}>
            <h2 id={`section-${c.category}`}>{c.section_name || c.display_name}</h2>
            <ul className="cards">
              {inCategory.map((p) => (
                <PlanCard
                  key={p.plan_id}
                  plan={p}
                  estimate={estimate}
                  compare={{
                    checked: compare.choice.some((x) => x.plan_id === p.plan_id),
                    onChange: () =>
                      compare.toggle(
                        { plan_id: p.plan_id, plan_name: p.plan_name, category: p.plan_category },
                        categoryName(compare.choice[0]?.category ?? ''),
                      ),
                  }}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
