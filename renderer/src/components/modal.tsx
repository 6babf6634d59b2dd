import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * An accessible modal dialog on the native <dialog> element. With `onClose`, Escape asks the owner to close it (the
 * owner's state stays the truth); without, Escape closes the dialog as the browser does.
 */
export function Modal({ title, open, onClose, className, children }: { title: string; open: boolean; onClose?: () => void; className?: string; children: ReactNode }) {
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
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={className ? `modal ${className}` : 'modal'}
      onCancel={(e) => {
        if (!onClose) return;
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
