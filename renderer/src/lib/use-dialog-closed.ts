import { useCallback, useEffect, useRef } from 'react';

/**
 * Tells when the dialog inside the element this (callback) ref is put on closes by itself (Escape): the shared Modal
 * only opens and closes as it is told, so the page's own "is it open" would otherwise stay true. `close` does not
 * bubble, but its ancestors see it while it is captured.
 */
export function useDialogClosed<T extends HTMLElement>(onClosed: () => void) {
  const latest = useRef(onClosed);
  useEffect(() => {
    latest.current = onClosed;
  });
  return useCallback((wrapper: T | null) => {
    if (!wrapper) return;
    const listener = () => latest.current();
    wrapper.addEventListener('close', listener, true);
    return () => wrapper.removeEventListener('close', listener, true);
  }, []);
}
