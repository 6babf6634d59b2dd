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
