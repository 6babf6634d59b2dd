// The catalogues of the languages besides English, compiled at build time (vite.config.ts, `locales()`).
declare module 'virtual:locales' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  export type Catalogue = Record<string, string | MessageFormatElement[]>;
  export const catalogues: Record<string, () => Promise<Catalogue>>;
}
