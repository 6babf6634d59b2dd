// What a typed value becomes before a form keeps it, as the server's `x-normalize` says. The server normalises again
// (it is the authority); doing it here too means the browser's early check sees what the server will check and store.
import type { RJSFSchema } from '@rjsf/utils';

/**
 * `value` as its field's `x-normalize` keeps it: a person's name (`name`) or other typed text (`text`: an address, an
 * account holder) in Unicode's composed form (NFC), so a name typed or pasted decomposed (e + U+0301) is checked,
 * counted and sent as "é", as the server stores it. The other
 * kinds (`digits`, `upper`, ...) are the server's alone: the widgets already keep those fields' characters.
 */
export function normalizeTyped(schema: RJSFSchema | undefined, value: unknown): unknown {
  const composed = schema?.['x-normalize'] === 'name' || schema?.['x-normalize'] === 'text';
  return composed && typeof value === 'string' ? value.normalize('NFC') : value;
}
