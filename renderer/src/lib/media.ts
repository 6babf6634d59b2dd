import { useSyncExternalStore } from 'react';

// Screen widths the layout changes at; the stylesheet's media queries use the same numbers.

/** Phones: the wizard's stepper is one line, "Step 3 of 7: Contact Information". */
export const PHONE_QUERY = '(max-width: 600px)';
/** One column: the plans page's category filter and the cart's order summary go above or below the list. */
export const ONE_COLUMN_QUERY = '(max-width: 760px)';

/** Whether the screen matches a media query now, drawn again when that changes (a phone turned, a window resized). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}
