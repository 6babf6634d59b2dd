import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Message, useT, type MessageDescriptor } from '../../../lib/i18n';
import { common } from '../../../lib/messages';
import { useSite } from '../../../lib/site';
import { getTicketLink } from '../api/get-ticket-link';
import { m } from '../messages';
import { m as helpChatWords } from './help-chat.messages';
import { FeedbackForm } from './feedback-form';

// The assistant's conversation (and its state machine) loads when a visitor first chooses Contact Rep.
const ContactRep = lazy(() => import('./contact-rep').then((m) => ({ default: m.ContactRep })));

type View = 'menu' | 'feedback' | 'contact';

const TITLES: Record<View, MessageDescriptor | null> = { menu: null, feedback: m.feedback, contact: m.contactRep };

/** The close control's mark (hidden from readers, who hear its name). */
const CROSS = '×';

/**
 * The help chat's panel, 'We are here to help you': Create Ticket (the ticketing site, in a new tab), Feedback, and
 * Contact Rep (the assistant's questions, answered for the site's rep). Loaded when the chat is first opened; the
 * heading takes the focus when the panel opens and when an option is chosen.
 */
export function HelpPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { site } = useSite();
  const [view, setView] = useState<View>('menu');
  // The ticket link is read once the panel opens, so Create Ticket is a plain link (a new tab, never a blocked
  // popup); without it, the site's own ticket link.
  const ticket = useQuery({ queryKey: ['ticket-link'], queryFn: getTicketLink }).data?.ticket ?? null;
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const t = useT();
  useEffect(() => heading.current?.focus(), [view]);

  const ticketLink = ticket || site?.links.ticket || '';
  const sub = TITLES[view];
  return (
    <section
      id={id}
      className="help-panel"
      role="dialog"
      aria-labelledby={titleId}
    >
      <header className="help-head">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t(helpChatWords.hereToHelp)}
        </h2>
        <button type="button" className="help-close" aria-label={t(m.closeHelp)} onClick={onClose}>
          <span aria-hidden="true">{CROSS}</span>
        </button>
      </header>
      <div className="help-body">
        {view === 'menu' ? (
          <ul className="help-options">
            {ticketLink && (
              <li>
                <a className="help-option" href={ticketLink} target="_blank" rel="noopener noreferrer">
                  <span className="help-option-name">{t(m.createTicket)}</span>
                  <span className="help-option-hint">{t(m.createTicketHint)}</span>
                </a>
              </li>
            )}
            <li>
              <button type="button" className="help-option" onClick={() => setView('feedback')}>
                <span className="help-option-name">{t(m.feedback)}</span>
                <span className="help-option-hint">{t(m.feedbackHint)}</span>
              </button>
            </li>
            <li>
              <button type="button" className="help-option" onClick={() => setView('contact')}>
                <span className="help-option-name">{t(m.contactRep)}</span>
                <span className="help-option-hint">{t(m.contactRepHint)}</span>
              </button>
            </li>
          </ul>
        ) : (
          <>
            <div className="help-subhead">
              <button type="button" className="link help-back" onClick={() => setView('menu')}>
                <Message of={m.back} values={{ arrow: (chunks) => <span aria-hidden="true">{chunks}</span> }} />
              </button>
              <h3>{sub && t(sub)}</h3>
            </div>
            {view === 'feedback' ? (
              <FeedbackForm />
            ) : (
              <Suspense fallback={<p role="status">{t(common.loading)}</p>}>
                <ContactRep />
              </Suspense>
            )}
          </>
        )}
      </div>
    </section>
  );
}
