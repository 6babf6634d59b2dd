import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSite } from '../../../lib/site';
import { getTicketLink } from '../api/get-ticket-link';
import { useQuery } from '@tanstack/react-query';
import { FeedbackForm } from './feedback-form';
import '../assist.css';

// The assistant's conversation (and its state machine) loads when a visitor first chooses Contact Rep.
const ContactRep = lazy(() => import('./contact-rep').then((m) => ({ default: m.ContactRep })));

type View = 'menu' | 'feedback' | 'contact';

const TITLES: Record<View, string | null> = { menu: null, feedback: 'Feedback', contact: 'Contact Rep' };

/**
 * The help chat: a small button in the window's corner opening 'We are here to help you', with Create Ticket (the
 * ticketing site, in a new tab), Feedback, and Contact Rep (the assistant's questions, answered for the site's rep).
 */
export function HelpChat() {
  const { site } = useSite();
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>('menu');
  // The ticket link is read once the panel first opens, so Create Ticket is a plain link (a new tab, never a blocked
  // popup); without it, the site's own ticket link.
  const ticket = useQuery({ queryKey: ['ticket-link'], queryFn: getTicketLink, enabled: open }).data?.ticket ?? null;
  const panelId = useId();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening, or choosing an option, moves to the panel's heading; closing returns to the button once the panel is
  // gone (after any focus the panel's own effects still had to make).
  const returning = useRef(false);
  useEffect(() => {
    if (open) heading.current?.focus();
    else if (returning.current) {
      returning.current = false;
      button.current?.focus();
    }
  }, [open, view]);

  const close = useCallback(() => {
    returning.current = true;
    setOpen(false);
    setView('menu');
  }, []);

  // Escape closes the panel wherever the focus is (an answer sent may have taken away the control that had it).
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('dialog[open]')) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const ticketLink = ticket || site?.links.ticket || '';
  const sub = TITLES[view];
  return (
    <aside className="help-chat" aria-label="Help chat">
      {open && (
        <section
          id={panelId}
          className="help-panel"
          role="dialog"
          aria-labelledby={titleId}
        >
          <header className="help-head">
            <h2 id={titleId} ref={heading} tabIndex={-1}>
              We are here to help you
            </h2>
            <button type="button" className="help-close" aria-label="Close help" onClick={close}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          <div className="help-body">
            {view === 'menu' ? (
              <ul className="help-options">
                {ticketLink && (
                  <li>
                    <a className="help-option" href={ticketLink} target="_blank" rel="noopener noreferrer">
                      <span className="help-option-name">Create Ticket</span>
                      <span className="help-option-hint">Opens our support site in a new tab</span>
                    </a>
                  </li>
                )}
                <li>
                  <button type="button" className="help-option" onClick={() => setView('feedback')}>
                    <span className="help-option-name">Feedback</span>
                    <span className="help-option-hint">Tell us what you think</span>
                  </button>
                </li>
                <li>
                  <button type="button" className="help-option" onClick={() => setView('contact')}>
                    <span className="help-option-name">Contact Rep</span>
                    <span className="help-option-hint">A few questions so your representative can help</span>
                  </button>
                </li>
              </ul>
            ) : (
              <>
                <div className="help-subhead">
                  <button type="button" className="link help-back" onClick={() => setView('menu')}>
                    <span aria-hidden="true">‹</span> Back
                  </button>
                  <h3>{sub}</h3>
                </div>
                {view === 'feedback' ? (
                  <FeedbackForm />
                ) : (
                  <Suspense fallback={<p role="status">Loading…</p>}>
                    <ContactRep />
                  </Suspense>
                )}
              </>
            )}
          </div>
        </section>
      )}
      <button
        ref={button}
        type="button"
        className="help-button"
        aria-label="We are here to help you"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 3C6.5 3 2 6.6 2 11c0 2.2 1.1 4.2 3 5.6V21l4.1-2.5c.9.2 1.9.3 2.9.3 5.5 0 10-3.6 10-8S17.5 3 12 3Zm-4 9.3a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Zm4 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6Z"
          />
        </svg>
      </button>
    </aside>
  );
}
