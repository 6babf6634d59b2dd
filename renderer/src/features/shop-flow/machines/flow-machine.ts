// The one machine behind every popup flow on a plan and every offer sequence around the cart:
// loading -> showing -> submitting -> next step | errors | done. The server decides which step is next; the machine
// carries the person's answers to it. Which server calls load and answer a flow is the caller's (`FlowSource`).
import { createActorContext } from '@xstate/react';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, type Schema } from '../../../lib/api';
import type { FlowAnswer } from '../../../types/api';

export type { FlowAnswer };

/** A step of a flow: a form, an offer or the checkout confirmation, told apart by `kind`. */
export type FlowStep = Schema<'FlowStep'>;

const nextStep = (answer: FlowAnswer): FlowStep | null => answer.step ?? null;
const messageOf = (answer: FlowAnswer): string | null => ('message' in answer ? (answer.message ?? null) : null);

export interface FlowSource {
  /** The first step, or null when there is nothing to ask. */
  load: () => Promise<FlowAnswer>;
  /** Answers a step; an action the server does not take (cancel, the confirmation's choices) never gets here. */
  answer: (step: FlowStep, action: string, formData: Record<string, unknown>) => Promise<FlowAnswer>;
  /**
   * The step as the server has it now, read after a refused answer: a refusal may change the step itself (a declined
   * health application is not asked again, and the popup only closes). None: the step stays as drawn.
   */
  reread?: (step: FlowStep) => Promise<FlowStep | null>;
}

interface Context {
  source: FlowSource;
  step: FlowStep | null;
  errors: ApiError | null;
  message: string | null;
  pending: { action: string; formData: Record<string, unknown> } | null;
  outcome: FlowAnswer | null;
}

const asApiError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(0, 'Something went wrong. Please try again.', []);

export const flowMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { source: FlowSource; step?: FlowStep | null },
    events: {} as { type: 'ANSWER'; action: string; formData: Record<string, unknown> } | { type: 'CLOSE' },
  },
  actors: {
    loadFlow: fromPromise<FlowAnswer, FlowSource>(({ input }) => input.load()),
    answerFlow: fromPromise<FlowAnswer, { source: FlowSource; step: FlowStep; action: string; formData: Record<string, unknown> }>(
      ({ input }) => input.source.answer(input.step, input.action, input.formData),
    ),
    rereadStep: fromPromise<FlowStep | null, { source: FlowSource; step: FlowStep }>(({ input }) =>
      input.source.reread ? input.source.reread(input.step) : Promise.resolve(null),
    ),
  },
  guards: {
    startsAtStep: ({ context }) => context.step !== null,
    flowIsOver: (_, params: { answer: FlowAnswer }) => nextStep(params.answer) === null,
  },
  actions: {
    keepOutcome: assign((_, params: { answer: FlowAnswer }) => ({ outcome: params.answer })),
    keepLastAnswer: assign((_, params: { answer: FlowAnswer }) => ({ outcome: params.answer, message: messageOf(params.answer) })),
    showStep: assign((_, params: { answer: FlowAnswer }) => ({ step: nextStep(params.answer), message: messageOf(params.answer) })),
    holdAnswer: assign(({ event }) => {
      assertEvent(event, 'ANSWER');
      return { pending: { action: event.action, formData: event.formData }, errors: null };
    }),
    showRefusal: assign((_, params: { error: unknown }) => ({ errors: asApiError(params.error) })),
    // The step as reread replaces the one drawn; a refusal the step's own words now state is not said twice.
    showReread: assign(({ context }, params: { step: FlowStep | null }) => {
      if (!params.step) return {};
      const said = params.step.kind === 'form' && context.errors && (params.step.message ?? '').includes(context.errors.message);
      return { step: params.step, errors: said ? null : context.errors };
    }),
  },
}).createMachine({
  id: 'flow',
  // A flow can start at a step the caller already holds (a button's popup) or load its first step.
  initial: 'starting',
  context: ({ input }) => ({ source: input.source, step: input.step ?? null, errors: null, message: null, pending: null, outcome: null }),
  states: {
    starting: { always: [{ guard: 'startsAtStep', target: 'showing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadFlow',
        input: ({ context }) => context.source,
        onDone: [
          {
            guard: { type: 'flowIsOver', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'keepOutcome', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'showing', actions: { type: 'showStep', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'done', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showing: {
      on: {
        ANSWER: { target: 'submitting', actions: 'holdAnswer' },
        CLOSE: { target: 'closed' },
      },
    },
    submitting: {
      invoke: {
        src: 'answerFlow',
        input: ({ context }) => ({ source: context.source, step: context.step as FlowStep, action: context.pending?.action ?? 'submit', formData: context.pending?.formData ?? {} }),
        onDone: [
          {
            guard: { type: 'flowIsOver', params: ({ event }) => ({ answer: event.output }) },
            target: 'done',
            actions: { type: 'keepLastAnswer', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'showing', actions: { type: 'showStep', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'rereading', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    rereading: {
      invoke: {
        src: 'rereadStep',
        input: ({ context }) => ({ source: context.source, step: context.step as FlowStep }),
        onDone: { target: 'showing', actions: { type: 'showReread', params: ({ event }) => ({ step: event.output }) } },
        onError: { target: 'showing' },
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});

/** The flow's actor, shared by the dialog's parts. */
export const FlowContext = createActorContext(flowMachine);
