import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { type ComparedChoice, compareChoice } from '../../../lib/storage';
import { toggleCompared } from '../utils/compare-selection';

/** The plans ticked to compare, kept for the tab, with the last refusal to say beside them. */
export function useCompareChoice() {
  const t = useT();
  const [choice, setChoice] = useState<ComparedChoice[]>(compareChoice.get);
  const [refusal, setRefusal] = useState<string | null>(null);
  const keep = (next: ComparedChoice[]) => {
    compareChoice.set(next);
    setChoice(next);
  };
  const toggle = useCallback(
    (plan: ComparedChoice, categoryName?: string) => {
      const answer = toggleCompared(compareChoice.get(), plan, categoryName, t);
      keep(answer.choice);
      setRefusal(answer.refusal);
    },
    [t],
  );
  const clear = useCallback(() => {
    keep([]);
    setRefusal(null);
  }, []);
  return { choice, refusal, toggle, clear };
}
