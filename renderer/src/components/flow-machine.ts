// The one machine behind every popup flow on a plan and every offer sequence around the cart:
// loading -> showing -> submitting -> next step | errors | done. The server decides which step is next; the machine
// carries the person's answers to it. Which server calls load and answer a flow is the caller's (`FlowSource`).
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../lib/api';

export interface FlowAction {
  action: string;
  label: string;
}

export interface OfferPlan {
  plan_id: number;
  plan_pricing_id: number;
  plan_name: string;
  option_name: string;
  plan_logo: string;
  price: number;
}

/** A step of a flow as the server describes it: a form, an offer or the checkout confirmation. */
export interface FlowStep {
  step: string;
  kind: 'form' | 'offer' | 'confirmation';
  title: string;
  text?: string | null;
  message?: string | null;
  schema?: RJSFSchema;
  uiSchema?: UiSchema;
  formData?: Record<string, unknown>;
  header?: string;
  link?: string;
  link_description?: string;
  plans?: OfferPlan[];
  price?: number;
  opens_with?: string | null;
  actions: FlowAction[];
}

/** What the server answers after a step: the next step (null when the flow is over) and maybe a message. */
export interface FlowAnswer {
  step: FlowStep | null;
  message?: string | null;
  redirect?: string;
}

export interface FlowSource {
  /** The first step, or null when there is nothing to ask. */
  load: () => Promise<FlowAnswer>;
  /** Answers a step; an action the server does not take (cancel, the confirmation's choices) never gets here. */
  answer: (step: FlowStep, action: string, formData: Record<string, unknown>) => Promise<FlowAnswer>;
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
  },
}).createMachine({
  id: 'flow',
  // A flow can start at a step the caller already holds (a button's popup) or load its first step.
  initial: 'starting',
  context: ({ input }) => ({ source: input.source, step: input.step ?? null, errors: null, message: null, pending: null, outcome: null }),
  states: {
    starting: { always: [{ guard: ({ context }) => context.step !== null, target: 'showing' }, { target: 'loading' }] },
    loading: {
      invoke: {
        src: 'loadFlow',
        input: ({ context }) => context.source,
        onDone: [
          { guard: ({ event }) => event.output.step === null, target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
          { target: 'showing', actions: assign({ step: ({ event }) => event.output.step, message: ({ event }) => event.output.message ?? null }) },
        ],
        onError: { target: 'done', actions: assign({ errors: ({ event }) => asApiError(event.error) }) },
      },
    },
    showing: {
      on: {
        ANSWER: { target: 'submitting', actions: assign({ pending: ({ event }) => ({ action: event.action, formData: event.formData }), errors: null }) },
        CLOSE: { target: 'closed' },
      },
    },
    submitting: {
      invoke: {
        src: 'answerFlow',
        input: ({ context }) => ({ source: context.source, step: context.step as FlowStep, action: context.pending?.action ?? 'submit', formData: context.pending?.formData ?? {} }),
        onDone: [
          {
            guard: ({ event }) => event.output.step === null,
            target: 'done',
            actions: assign({ outcome: ({ event }) => event.output, message: ({ event }) => event.output.message ?? null }),
          },
          { target: 'showing', actions: assign({ step: ({ event }) => event.output.step, message: ({ event }) => event.output.message ?? null }) },
        ],
        onError: { target: 'showing', actions: assign({ errors: ({ event }) => asApiError(event.error) }) },
      },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
