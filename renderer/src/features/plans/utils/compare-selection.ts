// Which plans may be compared together: two or three, all of one category (as the comparison call takes them).
import type { ComparedChoice } from '../../../lib/storage';

export const MOST_COMPARED = 3;

export interface Toggled {
  choice: ComparedChoice[];
  /** Why the plan was not added, in the person's words; none when it was added or removed. */
  refusal: string | null;
}

/**
 * The choice after the person ticks or unticks `plan`: unticking removes it; ticking adds it unless three are chosen
 * already, or the chosen ones are of another category (`categoryName` names the chosen ones' category).
 */
export function toggleCompared(choice: ComparedChoice[], plan: ComparedChoice, categoryName = 'one kind'): Toggled {
  if (choice.some((c) => c.plan_id === plan.plan_id)) return { choice: choice.filter((c) => c.plan_id !== plan.plan_id), refusal: null };
  if (choice.length > 0 && choice[0].category !== plan.category) {
    return { choice, refusal: `Plans of one kind are compared: you are comparing ${categoryName}. Clear your choice to compare other plans.` };
  }
  if (choice.length >= MOST_COMPARED) return { choice, refusal: `You can compare up to ${MOST_COMPARED} plans at a time. Remove one to add another.` };
  return { choice: [...choice, plan], refusal: null };
}

/** The comparison page's address for the choice: /compare?plans=1,2,3. */
export function compareHref(choice: ComparedChoice[]): string {
  return `/compare?plans=${choice.map((c) => c.plan_id).join(',')}`;
}
