// The shop's calls as the step machine takes them (lib/step-machine.ts): what a popup, an offer or the checkout answers
// is the next step (none: the flow is over), the words to show, and the whole answer, which the caller hears at the end
// (the plan's popups as they stand now, the cart's count).
import type { Outcome } from '../../../lib/step-machine';
import type { FlowAnswer } from '../../../types/api';

const answers = new WeakMap<Outcome, FlowAnswer>();

export function outcomeOf(answer: FlowAnswer): Outcome {
  const outcome: Outcome = { step: answer.step ?? null, message: 'message' in answer ? (answer.message ?? null) : null, answer };
  answers.set(outcome, answer);
  return outcome;
}

/** The shop's whole answer behind an outcome `outcomeOf` made (null for a flow closed or never answered). */
export function answerOf(outcome: Outcome | null): FlowAnswer | null {
  return (outcome && answers.get(outcome)) ?? null;
}
