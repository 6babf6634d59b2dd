import { type Body, api } from '../../../lib/api';
import type { StepOutcome } from './get-enrollment-step';

const STEP = '/enrollment/{id}/step/{step}';

/**
 * What the person did on a step, as the document's body has it: one of the wizard's actions, each with what it
 * carries (Next and Save & Continue Later the form's answers, Edit Details the step it opens, Save & Continue Later
 * the alternate address the code goes to, a draft what a list step holds now).
 */
export type StepRequest = Body<typeof STEP>;

export interface SubmitEnrollmentStepInput {
  enrollment_id: string;
  /** The step answered (its name). */
  step: string;
  /** The step's version as loaded goes back with the answer, so that a stale page is refused. */
  body: StepRequest & { version: number };
}

export function submitEnrollmentStep({ enrollment_id, step, body }: SubmitEnrollmentStepInput): Promise<StepOutcome> {
  return api.post(STEP, { path: { id: enrollment_id, step }, body });
}
