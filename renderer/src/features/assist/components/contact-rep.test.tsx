import { act, fireEvent, render, screen } from '../../../testing/render';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import type { AssistState } from '../api/get-assist';
import type { ChatSource } from '../machines/chat-machine';
import { ContactRep } from './contact-rep';

const QUESTIONS = [
  { id: 1, question: 'What is your first name?', schema: { type: 'string' } },
  { id: 2, question: 'Who would the coverage be for?', schema: { type: 'string', enum: ['Just me', 'My whole family'] } },
];

/** A server that keeps answers as the benefit service does, refusing a choice it does not offer. */
function assistant(): ChatSource {
  const answers = new Map<number, string>();
  const state = (): AssistState => ({
    greeting: 'Hi! A few quick questions help your representative.',
    closing: 'Thank you for the visit.',
    contact: { name: 'Jordan Whitfield', email: 'jordan.whitfield@example.com', phone: '4045550191' },
    question: QUESTIONS.find((q) => !answers.has(q.id)) ?? null,
    answer: QUESTIONS.filter((q) => answers.has(q.id)).map((q) => ({ question_id: q.id, answer: answers.get(q.id) ?? '', assistant_question: { question: q.question, schema: {} } })),
  });
  return {
    load: async () => state(),
    answer: async (id, answer) => {
      if (id === 2 && !['Just me', 'My whole family'].includes(answer)) throw new ApiError(422, 'Please answer one of: Just me, My whole family', []);
      answers.set(id, answer);
      return state();
    },
  };
}

describe('Contact Rep', () => {
  it('shows the rep, the greeting and the question; an answer joins the history with Edit', async () => {
    render(<ContactRep source={assistant()} />);
    expect(await screen.findByText('Jordan Whitfield')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'jordan.whitfield@example.com' }).getAttribute('href')).toBe('mailto:jordan.whitfield@example.com');
    expect(screen.getByRole('link', { name: '(404) 555-0191' }).getAttribute('href')).toBe('tel:+14045550191');
    expect(screen.getByText('Hi! A few quick questions help your representative.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your answer to: What is your first name?'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Edit your answer to: What is your first name?' })).toBeTruthy();
    expect(screen.getByText('Dana')).toBeTruthy();
    // A question with options is answered by choosing one.
    expect((screen.getByLabelText('Your answer to: Who would the coverage be for?') as HTMLSelectElement).tagName).toBe('SELECT');
  });

  it('puts a past answer in edit mode pre-filled, leaves it with the close control, and shows the edited answer once sent', async () => {
    render(<ContactRep source={assistant()} />);
    fireEvent.change(await screen.findByLabelText('Your answer to: What is your first name?'), { target: { value: 'Dana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Edit your answer to: What is your first name?' }));
    const editing = screen.getByLabelText('Your new answer to: What is your first name?') as HTMLInputElement;
    expect(editing.value).toBe('Dana');
    fireEvent.click(screen.getByRole('button', { name: 'Stop editing' }));
    expect(screen.queryByLabelText('Your new answer to: What is your first name?')).toBeNull();
    expect(screen.getByLabelText('Your answer to: Who would the coverage be for?')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit your answer to: What is your first name?' }));
    fireEvent.change(screen.getByLabelText('Your new answer to: What is your first name?'), { target: { value: 'Danielle' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Danielle')).toBeTruthy();
    expect(screen.queryByText('Dana')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Stop editing' })).toBeNull();
  });

  it('says the refusal for 5 seconds, and the closing words once every question is answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      render(<ContactRep source={assistant()} />);
      fireEvent.change(await screen.findByLabelText('Your answer to: What is your first name?'), { target: { value: 'Dana' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      const choice = await screen.findByLabelText('Your answer to: Who would the coverage be for?');
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Please answer one of: Just me, My whole family');
      await act(async () => {
        vi.advanceTimersByTime(4900);
      });
      expect(screen.queryByRole('alert')).not.toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(200);
      });
      expect(screen.queryByRole('alert')).toBeNull();

      fireEvent.change(choice, { target: { value: 'Just me' } });
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('Thank you for the visit.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Send' }), 'no input once nothing is asked').toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
