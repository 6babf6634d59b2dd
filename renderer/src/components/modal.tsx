import { useEffect, useRef, type ReactNode } from 'react';

/** An accessible modal dialog on the native <dialog> element. */
export function Modal({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.() ?? dialog.setAttribute('open', '');
    if (!open && dialog.open) dialog.close?.() ?? dialog.removeAttribute('open');
  }, [open]);
  return (
    <dialog ref={ref} aria-labelledby="modal-title" className="modal">
      <h2 id="modal-title">{title}</h2>
      {open ? children : null}
    </dialog>
  );
}
