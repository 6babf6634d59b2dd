import { useEffect, useRef } from 'react';
import type { Step } from '../utils/new-user-steps';

/**
 * Where a new step's first question is kept (`firstField`): a new step takes the focus to it (not on the first draw:
 * the page starts at its top).
 */
export function useFirstFieldFocus(step: Step) {
  const firstField = useRef<HTMLElement | null>(null);
  const shownStep = useRef<Step>(1);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    firstField.current?.focus();
  }, [step]);
  return firstField;
}
