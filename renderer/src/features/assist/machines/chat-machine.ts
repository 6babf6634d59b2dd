// The help chat's Contact Rep conversation: loading -> ready <-> sending. The server keeps the conversation and says
// what to ask next; the machine carries an answer (or an edited one) to it, and shows a refusal for 5 seconds.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ApiError } from '../../../lib/api';
import type { MessageDescriptor } from '../../../lib/i18n';
import type { AssistState } from '../api/get-assist';
import { m } from '../messages';

/** The spec's chat error display: a refused answer's words show for this long, then clear. */
export const CHAT_ERROR_MS = 5000;

/** Words to show: the server's own (already in the person's language), or the page's message for a failure without them. */
export type Words = string | MessageDescriptor;

export interface ChatSource {
  load: () => Promise<AssistState>;
  answer: (questionId: number, answer: string) => Promise<AssistState>;
}

interface Context {
  source: ChatSource;
  chat: AssistState | null;
  /** The question whose past answer is being edited; null when answering the next question. */
  editing: number | null;
  error: Words | null;
  pending: { questionId: number; answer: string } | null;
}

type Events = { type: 'SEND'; answer: string } | { type: 'EDIT'; questionId: number } | { type: 'CLEAR_EDIT' } | { type: 'RETRY' };

const messageOf = (error: unknown): Words => (error instanceof ApiError ? error.message : m.answerNotSent);

/** The question an answer sent now is for: the one being edited, else the next one (none when all are answered). */
export const answering = (context: Pick<Context, 'chat' | 'editing'>): number | null => context.editing ?? context.chat?.question?.id ?? null;

export const chatMachine = setup({
  types: {
    context: {} as Context,
    input: {} as { source: ChatSource },
    events: {} as Events,
  },
  actors: {
    loadChat: fromPromise<AssistState, ChatSource>(({ input }) => input.load()),
    sendAnswer: fromPromise<AssistState, { source: ChatSource; questionId: number; answer: string }>(({ input }) =>
      input.source.answer(input.questionId, input.answer),
    ),
  },
  guards: {
    hasQuestion: ({ context }) => answering(context) !== null,
  },
  actions: {
    holdAnswer: assign(({ context, event }) => {
      assertEvent(event, 'SEND');
      return { pending: { questionId: answering(context) as number, answer: event.answer }, error: null };
    }),
    showChat: assign((_, params: { chat: AssistState }) => ({ chat: params.chat, editing: null, pending: null, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), pending: null })),
    clearError: assign({ error: null }),
    edit: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { editing: event.questionId };
    }),
    clearEdit: assign({ editing: null }),
  },
}).createMachine({
  id: 'chat',
  initial: 'loading',
  context: ({ input }) => ({ source: input.source, chat: null, editing: null, error: null, pending: null }),
  states: {
    loading: {
      invoke: {
        src: 'loadChat',
        input: ({ context }) => context.source,
        onDone: { target: 'ready', actions: { type: 'showChat', params: ({ event }) => ({ chat: event.output }) } },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
    ready: {
      initial: 'idle',
      on: {
        SEND: { guard: 'hasQuestion', target: 'sending', actions: 'holdAnswer' },
        EDIT: { actions: 'edit' },
        CLEAR_EDIT: { actions: 'clearEdit' },
      },
      states: {
        idle: {},
        // A refusal's words, for 5 seconds.
        refused: {
          after: { [CHAT_ERROR_MS]: { target: 'idle', actions: 'clearError' } },
        },
      },
    },
    sending: {
      invoke: {
        src: 'sendAnswer',
        input: ({ context }) => ({ source: context.source, questionId: context.pending?.questionId ?? 0, answer: context.pending?.answer ?? '' }),
        onDone: { target: 'ready.idle', actions: { type: 'showChat', params: ({ event }) => ({ chat: event.output }) } },
        onError: { target: 'ready.refused', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
