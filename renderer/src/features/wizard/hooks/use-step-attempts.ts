import { useEffect, useState } from 'react';
import type { Problem } from '../../../components/error-summary';
import type { ApiError } from '../../../lib/api';

/**
 * The browser's own refusal of the form, and the count of refused Nexts (each moves the focus to the summary); a
 * refusal from the server counts too, and a new step starts with nothing refused.
 */
export function useStepAttempts(stepName: string | undefined, errors: ApiError | null) {
  const [refused, setRefused] = useState<Problem[]>([]);
  const [attempts, setAttempts] = useState(0);

  // A new step starts at its top, as a new page would; a long step (health questions) would otherwise open scrolled.
  useEffect(() => {
    if (stepName) window.scrollTo(0, 0);
    setRefused([]);
  }, [stepName]);

  // A refusal from the server is a new attempt too: the summary takes the focus.
  useEffect(() => {
    if (errors?.statusCode === 422) setAttempts((n) => n + 1);
  }, [errors]);

  /** The browser refused the form for `problems`: a new attempt. */
  const refuse = (problems: Problem[]) => {
    setRefused(problems);
    setAttempts((n) => n + 1);
  };
  return { refused, attempts, refuse, clear: () => setRefused([]) };
}
