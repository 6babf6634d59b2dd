// The one machine behind every wizard step: loading -> editing -> submitting -> next step | errors | redirect.
// The server decides what the next step is; the machine only carries the person's events to it.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { assign, fromPromise, setup } from 'xstate';
import { ApiError, api } from '../../lib/api';
import type { ProgressItem } from '../../components/progress-bar';

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
  version: number;
  progress: { index: number; total: number; steps: ProgressItem[] };
  actions: string[];
  summary: null | {
    sections: Section[];
    cart: { lines: { plan_name: string; price: number }[]; initial_month_cost: number; recurring_month_cost: number };
  };
}

export type StepAnswer = { step: Step } | { redirect: string } | { saved: true; message: string };

export interface Request {
  action: 'next' | 'back' | 'edit' | 'save-for-later';
  formData?: Record<string, unknown>;
  target?: string;
  email?: string;
}

interface Context {
  enrollmentId: string;
  route: string;
  step: Step | null;
  errors: ApiError | null;
  redirect: string | null;
  request: Request | null;
  failure: string | null;
  saved: string | null;
}

export const loadStep = fromPromise<StepAnswer, { enrollmentId: string; route: string }>(({ input }) =>
  api.get<StepAnswer>(`/enrollment/${input.enrollmentId}/step/${input.route}`),
);

export const submitStep = fromPromise<StepAnswer, { enrollmentId: string; step: Step; request: Request }>(({ input }) =>
  api.post<StepAnswer>(`/enrollment/${input.enrollmentId}/step/${input.step.step}`, { ...input.request, version: input.step.version }),
);

const answered = (output: StepAnswer) =>
  'step' in output ? { step: output.step, redirect: null } : 'redirect' in output ? { redirect: output.redirect } : { saved: output.message };

export const wizardMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { enrollmentId: string; route: string },
    events: {} as
      | { type: 'SUBMIT'; formData: Record<string, unknown> }
      | { type: 'BACK' }
      | { type: 'EDIT'; target: string }
      | { type: 'SAVE_LATER'; formData: Record<string, unknown>; email: string }
      | { type: 'OPEN'; route: string },
  },
  actors: { loadStep, submitStep },
}).createMachine({
  id: 'wizard',
  initial: 'loading',
  context: ({ input }) => ({ ...input, step: null, errors: null, redirect: null, request: null, failure: null, saved: null }),
  states: {
    loading: {
      invoke: {
        src: 'loadStep',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId, route: context.route }),
        onDone: [
          { guard: ({ event }) => 'redirect' in event.output, target: 'done', actions: assign(({ event }) => answered(event.output)) },
          { target: 'editing', actions: assign(({ event }) => ({ ...answered(event.output), errors: null })) },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => (event.error instanceof Error ? event.error.message : 'This step could not be loaded.') }) },
      },
    },
    editing: {
      on: {
        SUBMIT: { target: 'submitting', actions: assign({ request: ({ event }) => ({ action: 'next' as const, formData: event.formData }) }) },
        BACK: { target: 'submitting', actions: assign({ request: { action: 'back' } }) },
        EDIT: { target: 'submitting', actions: assign({ request: ({ event }) => ({ action: 'edit' as const, target: event.target }) }) },
        SAVE_LATER: {
          target: 'submitting',
          actions: assign({ request: ({ event }) => ({ action: 'save-for-later' as const, formData: event.formData, email: event.email }) }),
        },
        OPEN: { target: 'loading', actions: assign({ route: ({ event }) => event.route }) },
      },
    },
    submitting: {
      invoke: {
        src: 'submitStep',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId, step: context.step as Step, request: context.request as Request }),
        onDone: [
          { guard: ({ event }) => 'redirect' in event.output, target: 'done', actions: assign(({ event }) => answered(event.output)) },
          { guard: ({ event }) => 'saved' in event.output, target: 'saved', actions: assign(({ event }) => ({ ...answered(event.output), errors: null })) },
          { target: 'editing', actions: assign(({ event }) => ({ ...answered(event.output), errors: null })) },
        ],
        onError: {
          target: 'editing',
          actions: assign({ errors: ({ event }) => (event.error instanceof ApiError ? event.error : new ApiError(0, 'Something went wrong. Please try again.', [])) }),
        },
      },
    },
    saved: { on: { OPEN: { target: 'loading', actions: assign({ route: ({ event }) => event.route, saved: null }) } } },
    done: { type: 'final' },
    failed: { on: { OPEN: { target: 'loading', actions: assign({ route: ({ event }) => event.route }) } } },
  },
});
