// The one machine behind every wizard step: loading -> editing -> submitting -> next step | errors | redirect.
// The server decides what the next step is; the machine only carries the person's events to it.
import { createActorContext } from '@xstate/react';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, type Schema } from '../../../lib/api';
import { type StepOutcome, getEnrollmentStep } from '../api/get-enrollment-step';
import { type StepRequest, submitEnrollmentStep } from '../api/submit-enrollment-step';

interface Context {
  enrollmentId: string;
  route: string;
  /** The step's answer when it was already here as the machine started (asked for early: app/router.tsx). */
  first?: StepOutcome;
  step: Schema<'Step'> | null;
  errors: ApiError | null;
  redirect: string | null;
  request: StepRequest | null;
  failure: string | null;
  /** The HTTP status of a step that could not be opened (409: a step not reached yet). */
  failureStatus: number | null;
  saved: string | null;
}

const loadStep = fromPromise<StepOutcome, { enrollmentId: string; route: string }>(({ input }) =>
  getEnrollmentStep({ enrollment_id: input.enrollmentId, route: input.route }),
);

const submitStep = fromPromise<StepOutcome, { enrollmentId: string; step: Schema<'Step'>; request: StepRequest }>(({ input }) =>
  submitEnrollmentStep({ enrollment_id: input.enrollmentId, step: input.step.step, body: { ...input.request, version: input.step.version } }),
);

const answered = (output: StepOutcome) =>
  'step' in output ? { step: output.step, redirect: null } : 'redirect' in output ? { redirect: output.redirect } : { saved: output.message };

export const wizardMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { enrollmentId: string; route: string; first?: StepOutcome },
    events: {} as
      | { type: 'SUBMIT'; formData: Record<string, unknown> }
      | { type: 'BACK' }
      | { type: 'EDIT'; target: string }
      | { type: 'SAVE_LATER'; formData: Record<string, unknown>; email: string }
      | { type: 'OPEN'; route: string },
  },
  actors: { loadStep, submitStep },
  guards: {
    answered: ({ context }) => context.first !== undefined,
    answeredRedirect: ({ context }) => context.first !== undefined && 'redirect' in context.first,
    redirects: (_, params: { answer: StepOutcome }) => 'redirect' in params.answer,
    saved: (_, params: { answer: StepOutcome }) => 'saved' in params.answer,
  },
  actions: {
    leave: assign((_, params: { answer: StepOutcome }) => answered(params.answer)),
    show: assign((_, params: { answer: StepOutcome }) => ({ ...answered(params.answer), errors: null })),
    noteFailure: assign((_, params: { error: unknown }) => ({
      failure: params.error instanceof Error ? params.error.message : 'This step could not be loaded.',
      failureStatus: params.error instanceof ApiError ? params.error.statusCode : null,
    })),
    showRefusal: assign((_, params: { error: unknown }) => ({
      errors: params.error instanceof ApiError ? params.error : new ApiError(0, 'Something went wrong. Please try again.', []),
    })),
    askNext: assign(({ event }) => {
      assertEvent(event, 'SUBMIT');
      return { request: { action: 'next' as const, formData: event.formData } };
    }),
    askBack: assign({ request: { action: 'back' } }),
    askEdit: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { request: { action: 'edit' as const, target: event.target } };
    }),
    askSaveLater: assign(({ event }) => {
      assertEvent(event, 'SAVE_LATER');
      return { request: { action: 'save-for-later' as const, formData: event.formData, email: event.email } };
    }),
    openRoute: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { route: event.route };
    }),
    forgetSaved: assign({ saved: null }),
  },
}).createMachine({
  id: 'wizard',
  initial: 'starting',
  context: ({ input }) => ({ ...input, step: null, errors: null, redirect: null, request: null, failure: null, failureStatus: null, saved: null }),
  states: {
    // An answer already here is shown at once, as the load's answer would be; otherwise the step is asked for.
    starting: {
      always: [
        {
          guard: 'answeredRedirect',
          target: 'done',
          actions: { type: 'leave', params: ({ context }) => ({ answer: context.first as StepOutcome }) },
        },
        { guard: 'answered', target: 'editing', actions: { type: 'show', params: ({ context }) => ({ answer: context.first as StepOutcome }) } },
        { target: 'loading' },
      ],
    },
    loading: {
      invoke: {
        src: 'loadStep',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId, route: context.route }),
        onDone: [
          {
            guard: { type: 'redirects', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'leave', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'editing', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    editing: {
      on: {
        SUBMIT: { target: 'submitting', actions: 'askNext' },
        BACK: { target: 'submitting', actions: 'askBack' },
        EDIT: { target: 'submitting', actions: 'askEdit' },
        SAVE_LATER: { target: 'submitting', actions: 'askSaveLater' },
        OPEN: { target: 'loading', actions: 'openRoute' },
      },
    },
    submitting: {
      invoke: {
        src: 'submitStep',
        input: ({ context }) => ({ enrollmentId: context.enrollmentId, step: context.step as Schema<'Step'>, request: context.request as StepRequest }),
        onDone: [
          {
            guard: { type: 'redirects', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'leave', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'saved', params: ({ event }) => ({ answer: event.output }) },
            target: 'saved',
            actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'editing', actions: { type: 'show', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { on: { OPEN: { target: 'loading', actions: ['openRoute', 'forgetSaved'] } } },
    done: { type: 'final' },
    failed: { on: { OPEN: { target: 'loading', actions: 'openRoute' } } },
  },
});

/** The wizard's actor, shared by the page's parts (the step's form, the review's dialogs, Save & Continue Later). */
export const WizardContext = createActorContext(wizardMachine);
