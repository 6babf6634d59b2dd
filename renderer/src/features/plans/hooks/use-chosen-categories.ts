import { useEffect, useState } from 'react';

/** The side filter's choice: the menu's category (`type`), and any others the person ticks. */
export function useChosenCategories(type: string) {
  const [chosen, setChosen] = useState<string[]>(type ? [type] : []);
  useEffect(() => setChosen(type ? [type] : []), [type]);
  const toggle = (category: string) =>
    setChosen((current) => (current.includes(category) ? current.filter((c) => c !== category) : [...current, category]));
  return { chosen, toggle };
}
