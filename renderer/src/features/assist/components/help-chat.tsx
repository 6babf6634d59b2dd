import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { m } from './help-chat.messages';
import '../assist.css';

// The panel loads when a visitor first opens the chat: every page carries only the button.
const HelpPanel = lazy(() => import('./help-panel').then((m) => ({ default: m.HelpPanel })));

/**
 * The help chat: a small button in the window's corner opening 'We are here to help you' (help-panel.tsx).
 * Escape closes it wherever the focus is, and closing gives the focus back to the button.
 */
export function HelpChat() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const t = useT();

  // Closing returns the focus to the button once the panel is gone (after any focus the panel's own effects still had
  // to make).
  const returning = useRef(false);
  useEffect(() => {
    if (!open && returning.current) {
      returning.current = false;
      button.current?.focus();
    }
  }, [open]);

  const close = useCallback(() => {
    returning.current = true;
    setOpen(false);
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

  return (
    <aside className="help-chat" aria-label={t(m.helpChat)}>
      {open && (
        <Suspense fallback={null}>
          <HelpPanel id={panelId} onClose={close} />
        </Suspense>
      )}
      <button
        ref={button}
        type="button"
        className="help-button"
        aria-label={t(m.hereToHelp)}
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
