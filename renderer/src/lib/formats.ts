// The JSON Schema formats the server's forms use, added to ajv as ajv-formats adds them (the build gives rjsf this file
// in place of ajv-formats, which brings every format: vite.config.ts, `slimFormLibrary`). The engine's forms write
// `email` for e-mail addresses and `int64`, `int32`, `double` or `float` for numbers (schemars, from the fields' Rust
// types); a format named nowhere here is not checked in the browser, and the server checks every one again.
// formats.test.ts holds each to ajv-formats' answers.
import type { Ajv } from 'ajv';

/** ajv-formats' `email` (its full mode, rjsf's default). */
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
const INT32 = 2 ** 31;

export const FORMATS = {
  email: EMAIL,
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n < INT32 && n >= -INT32 },
  // A JavaScript number is a whole one up to 2^53: every one that is whole fits 64 bits.
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
} as const;

export default function addFormats(ajv: Ajv): Ajv {
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format as Parameters<Ajv['addFormat']>[1]);
  return ajv;
}
