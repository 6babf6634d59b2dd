import { useEffect, useId, useRef, type ReactNode } from 'react';

/** An accessible modal dialog on the native <dialog> element. */
export function Modal({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Several dialogs live on one page (the wizard's, a field's): each names itself.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // happy-dom (the unit tests' DOM) has no showModal; fall back to the open attribute there.
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby={titleId} className="modal">
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
