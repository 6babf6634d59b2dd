import { useState } from 'react';
import { Modal } from './modal';

export interface ConfirmWords {
  title: string;
  text: string;
  accept: string;
  cancel: string;
}

/**
 * Asks before an act that cannot be undone (submitting the application). Accept is pressed once: the dialog closes and
 * its button cannot be pressed again while the act runs; Cancel (or Escape) goes back to the page.
 */
export function ConfirmDialog({ words, open, onAccept, onCancel }: { words: ConfirmWords; open: boolean; onAccept: () => void; onCancel: () => void }) {
  const [accepted, setAccepted] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Opened again (after a refused submit), it can be accepted again.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setAccepted(false);
  }
  return (
    <Modal title={words.title} open={open} onClose={onCancel} className="confirm-dialog">
      <p>{words.text}</p>
      <div className="buttons">
        <button
          type="button"
          className="primary"
          disabled={accepted}
          onClick={() => {
            if (accepted) return;
            setAccepted(true);
            onAccept();
          }}
        >
          {words.accept}
        </button>
        <button type="button" onClick={onCancel} disabled={accepted}>
          {words.cancel}
        </button>
      </div>
    </Modal>
  );
}
