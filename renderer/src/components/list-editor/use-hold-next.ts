import { useEffect } from 'react';

/** Next waits (`hold`'s words say why) while the list asks it to, and no longer once the list is gone. */
export function useHoldNext(holdNext: ((reason: string | null) => void) | undefined, hold: string | null) {
  useEffect(() => {
    holdNext?.(hold);
  }, [hold, holdNext]);
  useEffect(() => () => holdNext?.(null), [holdNext]);
}
