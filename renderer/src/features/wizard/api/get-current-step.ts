import { api } from '../../../lib/api';
import type { StepOutcome } from './get-enrollment-step';

/** The step the enrollment is on (or the page to go to instead): where a step opened before its turn sends the person. */
export function getCurrentStep({ enrollment_id }: { enrollment_id: string }): Promise<StepOutcome> {
  return api.get('/enrollment/{id}/step', { path: { id: enrollment_id } });
}
