// The one machine behind every screen the server drives (the engine's Step): a wizard tab, a plan's popup, an offer,
// an upsell, the checkout's confirmation. loading -> showing -> answering -> the next step | the refusal | done. The
// server decides what comes next; the machine carries the person's actions to it. Which calls load and answer a step
// is the caller's (`StepSource`); where the step is drawn too: the wizard draws it as a page, everything else in a
// dialog (components/step-body.tsx draws a step's body in either).
import { useEffect, useRef } from 'react';
import { useLanguage } from './i18n';
import { createActorContext } from '@xstate/react';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError, type Schema } from './api';

export type Step = Schema<'Step'>;
/** What a step's button does (`next`, `submit`, `back`, `save-for-later`, `accept`, ...). */
export type StepActionName = Schema<'Action'>;

/** What the server answered to a load or an action, as the machine needs it. */
export interface Outcome {
  /** The step to show now; null when there is none (the flow is over). */
  step: Step | null;
  /** A page to go to instead (the wizard's cart or receipt). */
  redirect?: string;
  /** Words to show beside the step (a health application accepted, the draft saved). */
  message?: string | null;
  /** The answers were kept for later: the page says so, and waits. */
  saved?: boolean;
  /** The call's whole answer, handed to the caller when the flow is over (the plan's popups as they stand now). */
  answer?: unknown;
}

export interface StepSource {
  /** The step at `where` (a wizard route; flows have one place to start, and ignore it). */
  load: (where: string | null) => Promise<Outcome>;
  /** Does `action` on `step` with the form's answers and anything else the action carries (Edit's target, an e-mail). */
  answer: (step: Step, action: StepActionName, formData: Record<string, unknown>, extra: Record<string, unknown>) => Promise<Outcome>;
  /**
   * The step as the server has it now, read after a refused answer: a refusal may change the step itself (a declined
   * health application is not asked again, and the popup only closes). None: the step stays as drawn.
   */
  reread?: (step: Step) => Promise<Step | null>;
}

export interface StepInput {
  source: StepSource;
  /** Where to start (a wizard route). */
  where?: string | null;
  /** An answer already here: shown at once, as the load's answer would be (a button's popup, a step asked for early). */
  first?: Outcome;
}

interface Context {
  source: StepSource;
  where: string | null;
  first?: Outcome;
  step: Step | null;
  errors: ApiError | null;
  message: string | null;
  pending: { action: StepActionName; formData: Record<string, unknown>; extra: Record<string, unknown> } | null;
  /** The last outcome (what the caller hears when the flow is over). */
  outcome: Outcome | null;
  redirect: string | null;
  saved: string | null;
  /** Why the step could not be loaded. */
  failure: ApiError | null;
}

export type StepEvent =
  | { type: 'ANSWER'; action: StepActionName; formData?: Record<string, unknown>; extra?: Record<string, unknown> }
  | { type: 'CLOSE' }
  | { type: 'OPEN'; where: string | null }
  /** The step read again as it stands (its words in a newly chosen language), keeping what the form holds now. */
  | { type: 'RELOAD'; formData?: Record<string, unknown> };

const asApiError = (error: unknown) =>
  error instanceof ApiError ? error : new ApiError(0, error instanceof Error ? error.message : 'Something went wrong. Please try again.', []);

const over = (outcome: Outcome) => outcome.redirect !== undefined || (outcome.step === null && !outcome.saved);

export const stepMachine = setup({
  types: { context: {} as Context, input: {} as StepInput, events: {} as StepEvent },
  actors: {
    loadStep: fromPromise<Outcome, { source: StepSource; where: string | null }>(({ input }) => input.source.load(input.where)),
    answerStep: fromPromise<Outcome, { source: StepSource; step: Step; pending: NonNullable<Context['pending']> }>(({ input }) =>
      input.source.answer(input.step, input.pending.action, input.pending.formData, input.pending.extra),
    ),
    // The step on screen read again: by the source's reread when it has one (a popup), else loaded where it stands
    // (a wizard step, by its route; the first step of a flow).
    reloadStep: fromPromise<Outcome, { source: StepSource; step: Step; where: string | null }>(async ({ input }) => {
      if (input.source.reread) return { step: (await input.source.reread(input.step)) ?? input.step };
      return input.source.load(input.step.wizard?.route ?? input.where);
    }),
    rereadStep: fromPromise<Step | null, { source: StepSource; step: Step }>(({ input }) =>
      input.source.reread ? input.source.reread(input.step) : Promise.resolve(null),
    ),
  },
  guards: {
    answeredAlready: ({ context }) => context.first !== undefined,
    isOver: (_, params: { outcome: Outcome }) => over(params.outcome),
    isSaved: (_, params: { outcome: Outcome }) => params.outcome.saved === true,
  },
  actions: {
    end: assign((_, params: { outcome: Outcome }) => ({
      outcome: params.outcome,
      redirect: params.outcome.redirect ?? null,
      message: params.outcome.message ?? null,
    })),
    show: assign(({ context }, params: { outcome: Outcome }) => ({
      outcome: params.outcome,
      step: params.outcome.step ?? context.step,
      message: params.outcome.message ?? null,
      errors: null,
      failure: null,
    })),
    keepSaved: assign((_, params: { outcome: Outcome }) => ({ saved: params.outcome.message ?? '', errors: null })),
    forgetFirst: assign({ first: undefined }),
    holdAnswer: assign(({ event }) => {
      assertEvent(event, 'ANSWER');
      return { pending: { action: event.action, formData: event.formData ?? {}, extra: event.extra ?? {} }, errors: null };
    }),
    openAt: assign(({ event }) => {
      assertEvent(event, 'OPEN');
      return { where: event.where, saved: null };
    }),
    showRefusal: assign((_, params: { error: unknown }) => ({ errors: asApiError(params.error) })),
    noteFailure: assign((_, params: { error: unknown }) => ({ failure: asApiError(params.error) })),
    holdFormData: assign(({ context, event }) => {
      assertEvent(event, 'RELOAD');
      return { pending: { action: 'next' as StepActionName, formData: event.formData ?? context.step?.formData ?? {}, extra: {} } };
    }),
    // The step read again, with the answers the person had on screen rather than those last saved; a field the
    // step now shows read-only (an applicant's signature given on their own device) shows what the server holds.
    showReloaded: assign(({ context }, params: { outcome: Outcome }) => {
      const step = params.outcome.step;
      if (!step) return {};
      const same = context.step?.step === step.step;
      if (!same || !context.pending) return { step, pending: null };
      const formData: Record<string, unknown> = { ...context.pending.formData };
      const ui = (step.uiSchema ?? {}) as Record<string, { 'ui:readonly'?: boolean } | undefined>;
      const held = (step.formData ?? {}) as Record<string, unknown>;
      for (const [field, options] of Object.entries(ui)) {
        if (options && typeof options === 'object' && options['ui:readonly'] === true && field in held) formData[field] = held[field];
      }
      return { step: { ...step, formData }, pending: null };
    }),
    // The step as reread replaces the one drawn; a refusal the step's own words now state is not said twice.
    showReread: assign(({ context }, params: { step: Step | null }) => {
      if (!params.step) return {};
      const said = context.errors && (params.step.message ?? '').includes(context.errors.message);
      return { step: params.step, errors: said ? null : context.errors };
    }),
  },
}).createMachine({
  id: 'step',
  initial: 'starting',
  context: ({ input }) => ({
    source: input.source,
    where: input.where ?? null,
    first: input.first,
    step: null,
    errors: null,
    message: null,
    pending: null,
    outcome: null,
    redirect: null,
    saved: null,
    failure: null,
  }),
  states: {
    starting: {
      always: [
        {
          guard: 'answeredAlready',
          target: 'arrived',
        },
        { target: 'loading' },
      ],
    },
    // An answer that was already here is taken as the load's.
    arrived: {
      always: [
        {
          guard: { type: 'isOver', params: ({ context }) => ({ outcome: context.first as Outcome }) },
          target: 'done',
          actions: [{ type: 'end', params: ({ context }) => ({ outcome: context.first as Outcome }) }, 'forgetFirst'],
        },
        { target: 'showing', actions: [{ type: 'show', params: ({ context }) => ({ outcome: context.first as Outcome }) }, 'forgetFirst'] },
      ],
    },
    loading: {
      invoke: {
        src: 'loadStep',
        input: ({ context }) => ({ source: context.source, where: context.where }),
        onDone: [
          {
            guard: { type: 'isOver', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: { type: 'end', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'showing', actions: { type: 'show', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showing: {
      on: {
        ANSWER: { target: 'answering', actions: 'holdAnswer' },
        CLOSE: { target: 'closed' },
        OPEN: { target: 'loading', actions: 'openAt' },
        RELOAD: { target: 'reloading', actions: 'holdFormData' },
      },
    },
    // Read again where it stands: a step that cannot be read keeps the one drawn.
    reloading: {
      invoke: {
        src: 'reloadStep',
        input: ({ context }) => ({ source: context.source, step: context.step as Step, where: context.where }),
        onDone: { target: 'showing', actions: { type: 'showReloaded', params: ({ event }) => ({ outcome: event.output }) } },
        onError: { target: 'showing' },
      },
    },
    answering: {
      invoke: {
        src: 'answerStep',
        input: ({ context }) => ({
          source: context.source,
          step: context.step as Step,
          pending: context.pending ?? { action: 'submit', formData: {}, extra: {} },
        }),
        onDone: [
          {
            guard: { type: 'isOver', params: ({ event }) => ({ outcome: event.output }) },
            target: 'done',
            actions: { type: 'end', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'isSaved', params: ({ event }) => ({ outcome: event.output }) },
            target: 'saved',
            actions: { type: 'keepSaved', params: ({ event }) => ({ outcome: event.output }) },
          },
          { target: 'showing', actions: { type: 'show', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'rereading', actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    rereading: {
      invoke: {
        src: 'rereadStep',
        input: ({ context }) => ({ source: context.source, step: context.step as Step }),
        onDone: { target: 'showing', actions: { type: 'showReread', params: ({ event }) => ({ step: event.output }) } },
        onError: { target: 'showing' },
      },
    },
    // Saved for later: the page says so; opening a step goes on.
    saved: { on: { OPEN: { target: 'loading', actions: 'openAt' } } },
    // The step could not be loaded: the caller says why; opening a step tries again.
    failed: { on: { OPEN: { target: 'loading', actions: 'openAt' }, CLOSE: { target: 'closed' } } },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});

/** The step's actor, shared by the parts of the page or dialog that draws it. */
export const StepContext = createActorContext(stepMachine);

/** Whether the machine is talking to the server (the step's buttons wait). */
export const isBusy = (state: { matches: (value: 'loading' | 'answering' | 'rereading' | 'reloading') => boolean }) =>
  state.matches('loading') || state.matches('answering') || state.matches('rereading') || state.matches('reloading');

/**
 * Reads the step again when the person chooses another language, so its words (the server's) follow, with the
 * answers `current()` says are on screen kept.
 */
export function useReloadOnLanguage(send: (event: StepEvent) => void, current: () => Record<string, unknown> | undefined) {
  const { language } = useLanguage();
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    send({ type: 'RELOAD', formData: current() });
  }, [language, send, current]);
}
