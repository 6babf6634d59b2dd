import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api';
import type { AssistState } from '../api/get-assist';
import { CHAT_ERROR_MS, type ChatSource, chatMachine } from './chat-machine';

const chat = (answered: Record<number, string>, next: number | null): AssistState => ({
  greeting: 'Hi!',
  closing: 'Thank you for the visit.',
  contact: { name: 'Jordan Whitfield', email: 'jordan@example.com', phone: '4045550191' },
  question: next === null ? null : { id: next, question: `Question ${next}?`, schema: { type: 'string' } },
  answer: Object.entries(answered).map(([id, answer]) => ({ question_id: Number(id), answer, assistant_question: { question: `Question ${id}?`, schema: { type: 'string' } } })),
});

function source(): ChatSource & { sent: [number, string][] } {
  const answers: Record<number, string> = {};
  const sent: [number, string][] = [];
  return {
    sent,
    load: async () => chat(answers, 1),
    answer: async (questionId, answer) => {
      sent.push([questionId, answer]);
      if (answer === 'call me') throw new ApiError(422, 'Please enter a 10-digit phone number', []);
      answers[questionId] = answer;
      const next = [1, 2].find((q) => !(q in answers)) ?? null;
      return chat(answers, next);
    },
  };
}

describe('the help chat', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the next question, and says the closing words when none remains', async () => {
    const calls = source();
    const actor = createActor(chatMachine, { input: { source: calls } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SEND', answer: 'Dana' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.chat?.question?.id).toBe(2);
    actor.send({ type: 'SEND', answer: 'Just me' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.chat?.question).toBeNull();
    expect(calls.sent).toEqual([
      [1, 'Dana'],
      [2, 'Just me'],
    ]);
    // Nothing left to answer: Send does nothing until an answer is chosen to edit.
    actor.send({ type: 'SEND', answer: 'more' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.sent).toHaveLength(2);
  });

  it('sends an edited answer for the question chosen with Edit, and the close control leaves edit mode', async () => {
    const calls = source();
    const actor = createActor(chatMachine, { input: { source: calls } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SEND', answer: 'Dana' });
    await waitFor(actor, (s) => s.matches('ready'));

    actor.send({ type: 'EDIT', questionId: 1 });
    expect(actor.getSnapshot().context.editing).toBe(1);
    actor.send({ type: 'CLEAR_EDIT' });
    expect(actor.getSnapshot().context.editing).toBeNull();

    actor.send({ type: 'EDIT', questionId: 1 });
    actor.send({ type: 'SEND', answer: 'Danielle' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.sent.at(-1)).toEqual([1, 'Danielle']);
    expect(actor.getSnapshot().context.editing, 'edit mode ends with the answer kept').toBeNull();
    expect(actor.getSnapshot().context.chat?.answer).toEqual([{ question_id: 1, answer: 'Danielle', assistant_question: { question: 'Question 1?', schema: { type: 'string' } } }]);
  });

  it('shows a refused answer’s words for 5 seconds, then clears them', async () => {
    const actor = createActor(chatMachine, { input: { source: source() } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'SEND', answer: 'call me' });
    await waitFor(actor, (s) => s.matches({ ready: 'refused' }));
    expect(actor.getSnapshot().context.error).toBe('Please enter a 10-digit phone number');

    vi.advanceTimersByTime(CHAT_ERROR_MS - 1);
    expect(actor.getSnapshot().context.error).toBe('Please enter a 10-digit phone number');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(CHAT_ERROR_MS).toBe(5000);
  });
});
