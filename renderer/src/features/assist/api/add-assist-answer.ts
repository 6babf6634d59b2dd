import { benefit, device } from '../../../lib/benefit';
import type { AssistState } from './get-assist';

/** Keeps an answer (again for the same question: the edited answer) and answers the chat as it is now. */
export function addAssistAnswer(questionId: number, answer: string): Promise<AssistState> {
  return benefit.post('/assist/add', { body: { question_id: questionId, answer, ...device() } });
}
