import { type Schema, api } from '../../../lib/api';

export interface GetEnrollmentStepInput {
  enrollment_id: string;
  /** The step's route (personal-information) or its name. */
  route: string;
}

/** A step to show, a page to go to instead, or (after Save & Continue Later) the message that the code was sent. */
export type StepOutcome = Schema<'StepOutcome'>;

const ask = ({ enrollment_id, route }: GetEnrollmentStepInput): Promise<StepOutcome> =>
  api.get('/enrollment/{id}/step/{step}', { path: { id: enrollment_id, step: route } });

/** The step asked for before the wizard's page had loaded, kept for its first ask (with its answer once here). */
let early: { key: string; answer: Promise<StepOutcome>; value?: StepOutcome } | null = null;
const keyOf = ({ enrollment_id, route }: GetEnrollmentStepInput) => `${enrollment_id}/${route}`;

/**
 * Asks for a step while the wizard's page is still loading (a fresh load of a step's address), so that the step and
 * the page's script arrive together rather than one after the other; the page's first ask for that step takes this
 * answer, whatever it is, instead of asking again.
 */
export function prefetchEnrollmentStep(input: GetEnrollmentStepInput) {
  const answer = ask(input);
  const entry: NonNullable<typeof early> = { key: keyOf(input), answer };
  // A refusal is the page's to show when it takes the answer.
  answer.then(
    (value) => {
      entry.value = value;
    },
    () => undefined,
  );
  early = entry;
}

/** The step asked for early, if it has been answered already (taken: a later ask asks the server). */
export function takeEarlyStep(input: GetEnrollmentStepInput): StepOutcome | undefined {
  if (early?.key !== keyOf(input) || early.value === undefined) return undefined;
  const { value } = early;
  early = null;
  return value;
}

/** Whether a step was asked for early and not yet taken. */
export const stepAskedEarly = () => early !== null;

export function getEnrollmentStep(input: GetEnrollmentStepInput): Promise<StepOutcome> {
  if (early?.key === keyOf(input)) {
    const { answer } = early;
    early = null;
    return answer;
  }
  early = null;
  return ask(input);
}
