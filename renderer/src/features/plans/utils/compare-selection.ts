// Which plans may be compared together: two or three, all of one category (as the comparison call takes them).
import type { ComparedChoice } from '../../../lib/storage';
import { m } from '../messages';
import { inEnglish, type Translate } from '../../../lib/i18n';

export const MOST_COMPARED = 3;

export interface Toggled {
  choice: ComparedChoice[];
  /** Why the plan was not added, in the person's words; none when it was added or removed. */
  refusal: string | null;
}

/**
 * The choice after the person ticks or unticks `plan`: unticking removes it; ticking adds it unless three are chosen
 * already, or the chosen ones are of another category (`categoryName` names the chosen ones' category). A refusal is
 * said by `t`, in the page's language (English when none is given).
 */
export function toggleCompared(choice: ComparedChoice[], plan: ComparedChoice, categoryName?: string, t: Translate = inEnglish): Toggled {
  if (choice.some((c) => c.plan_id === plan.plan_id)) return { choice: choice.filter((c) => c.plan_id !== plan.plan_id), refusal: null };
  if (choice.length > 0 && choice[0].category !== plan.category) {
    return { choice, refusal: categoryName ? t(m.refusedOtherKind, { category: categoryName }) : t(m.refusedOtherKindUnnamed) };
  }
  if (choice.length >= MOST_COMPARED) return { choice, refusal: t(m.refusedTooMany, { most: MOST_COMPARED }) };
  return { choice: [...choice, plan], refusal: null };
}

/** The comparison page's address for the choice, at the listing's level of use when it is not medium:
 * /compare?plans=1,2,3&usage=high. */
export function compareHref(choice: ComparedChoice[], usage?: string): string {
  const plans = `/compare?plans=${choice.map((c) => c.plan_id).join(',')}`;
  return usage && usage !== 'medium' ? `${plans}&usage=${usage}` : plans;
}
