import { useState } from 'react';
import type { StepEvent } from '../../../lib/step-machine';

/**
 * Next on a step that asks to be confirmed first (the review's Submit Application): the form's data waits for the
 * person's answer, and goes on only once accepted.
 */
export function useConfirmedNext(send: (event: StepEvent) => void) {
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  return {
    /** Whether the form's data waits for the confirmation. */
    asking: confirming !== null,
    ask: (formData: Record<string, unknown>) => setConfirming(formData),
    cancel: () => setConfirming(null),
    accept: () => {
      const formData = confirming ?? {};
      setConfirming(null);
      send({ type: 'ANSWER', action: 'next', formData });
    },
  };
}
