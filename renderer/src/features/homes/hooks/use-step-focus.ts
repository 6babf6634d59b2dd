import { useEffect, useRef } from 'react';

/**
 * Moves focus to the heading of a step when the step changes (not on the page's first drawing), so a keyboard or
 * screen-reader user is taken to what replaced the button they pressed.
 */
export function useStepFocus<T extends HTMLElement>(step: unknown) {
  const ref = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [step]);
  return ref;
}
