import { type Schema, api } from '../../../lib/api';

export interface GetEnrollmentStepInput {
  enrollment_id: string;
  /** The step's route (personal-information) or its name. */
  route: string;
}

/** A step to show, a page to go to instead, or (after Save & Continue Later) the message that the code was sent. */
export type StepOutcome = Schema<'StepOutcome'>;

export function getEnrollmentStep({ enrollment_id, route }: GetEnrollmentStepInput): Promise<StepOutcome> {
  return api.get('/enrollment/{id}/step/{step}', { path: { id: enrollment_id, step: route } });
}
