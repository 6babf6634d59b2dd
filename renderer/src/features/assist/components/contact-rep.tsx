import { useMachine } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { phone, telHref } from '../../../utils/format';
import { addAssistAnswer } from '../api/add-assist-answer';
import { type AssistState, getAssist } from '../api/get-assist';
import { type ChatSource, type Words, chatMachine } from '../machines/chat-machine';
import { m } from '../messages';

const calls: ChatSource = { load: getAssist, answer: addAssistAnswer };

/** The close control's mark (hidden from readers, who hear its name). */
const CROSS = '✕';

type Question = NonNullable<AssistState['question']>;

/** The options of a question that takes one of a list (its schema's enum); none for a free answer. */
function optionsOf(question: Question | null): string[] | null {
  const schema = question?.schema;
  if (typeof schema !== 'object' || schema === null || !('enum' in schema) || !Array.isArray(schema.enum)) return null;
  return schema.enum.filter((o): o is string => typeof o === 'string');
}

/** How a question's answer is typed: a phone number, an e-mail address, a ZIP code or words. */
function inputFor(question: Question | null): { type: string; inputMode?: 'numeric' | 'tel' | 'email'; autoComplete?: string } {
  // The server's schema says what kind of answer it is (`x-widget`); the page only picks the keyboard for it.
  const widget = (question?.schema as { 'x-widget'?: unknown } | undefined)?.['x-widget'];
  if (widget === 'email') return { type: 'email', inputMode: 'email', autoComplete: 'email' };
  if (widget === 'zip') return { type: 'text', inputMode: 'numeric', autoComplete: 'postal-code' };
  if (widget === 'phone') return { type: 'tel', inputMode: 'tel', autoComplete: 'tel' };
  return { type: 'text' };
}

/**
 * Contact Rep: the site's rep (name, e-mail, phone), the assistant's greeting, the questions answered so far (each
 * answer with Edit), and the next question with an input and Send; when none remains, the closing words. A refused
 * answer's words show for 5 seconds.
 */
export function ContactRep({ source = calls }: { source?: ChatSource }) {
  const [state, send] = useMachine(chatMachine, { input: { source } });
  const { chat, editing, error } = state.context;
  const log = useRef<HTMLDivElement>(null);
  const t = useT();
  const said = (words: Words) => (typeof words === 'string' ? words : t(words));

  // The newest words in view.
  useEffect(() => {
    const panel = log.current;
    if (panel) panel.scrollTop = panel.scrollHeight;
  }, [chat, editing, error]);

  if (state.matches('loading')) return <p role="status">{t(common.loading)}</p>;
  if (state.matches('failed') || !chat) {
    return (
      <div>
        <p role="alert" className="error">
          {error ? said(error) : t(m.chatNotOpened)}
        </p>
        <button type="button" onClick={() => send({ type: 'RETRY' })}>
          {t(common.tryAgain)}
        </button>
      </div>
    );
  }

  const edited = editing === null ? null : (chat.answer.find((a) => a.question_id === editing) ?? null);
  const question = chat.question ?? null;
  const sending = state.matches('sending');
  const { contact } = chat;

  return (
    <div className="help-contact">
      <div className="help-rep">
        <p className="help-rep-name">{contact.name}</p>
        {contact.email && <a href={`mailto:${contact.email}`}>{contact.email}</a>}
        {contact.phone && <a href={telHref(contact.phone)}>{phone(contact.phone)}</a>}
      </div>
      <div className="help-log" ref={log} tabIndex={0} role="log" aria-label={t(m.conversation)}>
        <p className="bubble bot">{chat.greeting}</p>
        {chat.answer.map((a) => (
          <div key={a.question_id} className={editing === a.question_id ? 'help-pair is-editing' : 'help-pair'}>
            <p className="bubble bot">{a.assistant_question.question}</p>
            <div className="bubble me">
              <span>{a.answer}</span>
              <button
                type="button"
                className="link help-edit"
                disabled={sending}
                aria-label={t(m.editAnswerTo, { question: a.assistant_question.question })}
                onClick={() => send({ type: 'EDIT', questionId: a.question_id })}
              >
                {t(m.edit)}
              </button>
            </div>
          </div>
        ))}
        {edited === null && question && <p className="bubble bot">{question.question}</p>}
        {edited === null && !question && <p className="bubble bot help-closing">{chat.closing}</p>}
      </div>
      {error && (
        <p role="alert" className="error help-error">
          {said(error)}
        </p>
      )}
      {(edited || question) && (
        <Composer
          // A new question, or another answer to edit, starts from its own words.
          key={edited ? `edit-${edited.question_id}` : `ask-${question?.id}`}
          question={edited ? edited.assistant_question.question : (question?.question ?? '')}
          initial={edited?.answer ?? ''}
          options={edited ? null : optionsOf(question)}
          input={edited ? { type: 'text' } : inputFor(question)}
          editing={edited !== null}
          busy={sending}
          onSend={(answer) => send({ type: 'SEND', answer })}
          onStopEditing={() => send({ type: 'CLEAR_EDIT' })}
        />
      )}
    </div>
  );
}

function Composer({
  question,
  initial,
  options,
  input,
  editing,
  busy,
  onSend,
  onStopEditing,
}: {
  question: string;
  initial: string;
  options: string[] | null;
  input: ReturnType<typeof inputFor>;
  editing: boolean;
  busy: boolean;
  onSend: (answer: string) => void;
  onStopEditing: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const field = useRef<HTMLInputElement & HTMLSelectElement>(null);
  const t = useT();
  // Edit puts the cursor in the answer being edited.
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);
  const label = t(editing ? m.newAnswerTo : m.answerTo, { question });
  return (
    <form
      className="help-composer"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSend(value);
      }}
    >
      {editing && (
        <div className="help-editing">
          <span>{t(m.editing, { question })}</span>
          <button type="button" className="help-stop" aria-label={t(m.stopEditing)} onClick={onStopEditing}>
            <span aria-hidden="true">{CROSS}</span>
          </button>
        </div>
      )}
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <div className="help-compose-row">
        {options ? (
          <select id={id} ref={field} value={value} onChange={(e) => setValue(e.target.value)}>
            <option value="">{t(m.choose)}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            ref={field}
            type={input.type}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            value={value}
            maxLength={1000}
            placeholder={t(m.typeYourAnswer)}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t(m.send)}
        </button>
      </div>
    </form>
  );
}
