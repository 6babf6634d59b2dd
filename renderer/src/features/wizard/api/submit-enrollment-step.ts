import { type Body, api } from '../../../lib/api';
import type { StepOutcome } from './get-enrollment-step';

const STEP = '/enrollment/{id}/step/{step}';

/**
 * What the person did on a step, as the document's body has it, with the actions the wizard knows (the document says
 * only that `action` is a string). `target` is the step Edit Details opens; `email` the alternate address Save &
 * Continue Later sends the code to.
 */
export type StepRequest = Omit<Body<typeof STEP>, 'action' | 'version'> & { action: 'next' | 'back' | 'edit' | 'save-for-later' | 'draft' };

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
