import { fireEvent } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * The screen a test draws on: `window.matchMedia` says the listed media queries match and no other (none: a wide
 * screen). Undone after each test.
 */
export function screenMatching(...queries: string[]) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: queries.includes(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

/** Chooses the option a person reads as `label` in `select`, whatever value the form gives it. */
export function chooseOption(select: HTMLElement, label: string) {
  const element = select as HTMLSelectElement;
  const option = [...element.options].find((o) => o.textContent === label);
  if (!option) throw new Error(`no option "${label}" in ${element.id}: ${[...element.options].map((o) => o.textContent).join(', ')}`);
  fireEvent.change(element, { target: { value: option.value } });
}
