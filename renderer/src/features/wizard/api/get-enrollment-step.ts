import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ProgressItem } from '../../../components/progress-bar';
import { api } from '../../../lib/api';

export interface GetEnrollmentStepInput {
  enrollment_id: string;
  /** The step's route (personal-information) or its name. */
  route: string;
}

export interface Section {
  number: number;
  step: string;
  title: string;
  rows: { label: string; value: string }[];
}

export interface Step {
  step: string;
  route: string;
  title: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  formData: Record<string, unknown>;
  /** The step's version as loaded, sent back with the save so a stale page is refused. */
  version: number;
  progress: { index: number; total: number; steps: ProgressItem[] };
  actions: string[];
  summary: null | {
    sections: Section[];
    cart: { lines: { plan_name: string; price: number }[]; initial_month_cost: number; recurring_month_cost: number };
  };
}

/** A step to show, a page to go to instead, or (after Save & Continue Later) the message that the code was sent. */
export type StepAnswerAsRead = { step: Step } | { redirect: string } | { saved: true; message: string };

export type GetEnrollmentStepAnswerAsRead = StepAnswerAsRead;

export function getEnrollmentStep({ enrollment_id, route }: GetEnrollmentStepInput): Promise<GetEnrollmentStepAnswerAsRead> {
  return api.get('/enrollment/{id}/step/{step}', { path: { id: enrollment_id, step: route } });
}
