import { api } from '../../../lib/api';
import type { StepAnswer } from './get-enrollment-step';

export interface StepRequest {
  action: 'next' | 'back' | 'edit' | 'save-for-later';
  formData?: Record<string, unknown>;
  /** The step Edit Details opens. */
  target?: string;
  /** The alternate address Save & Continue Later sends the code to. */
  email?: string;
}

export interface SubmitEnrollmentStepRequest {
  enrollment_id: string;
  /** The step answered (its name). */
  step: string;
  body: StepRequest & { version: number };
}

export type SubmitEnrollmentStepAnswer = StepAnswer;

export function submitEnrollmentStep({ enrollment_id, step, body }: SubmitEnrollmentStepRequest): Promise<SubmitEnrollmentStepAnswer> {
  return api.post(`/enrollment/${enrollment_id}/step/${step}`, body);
}
