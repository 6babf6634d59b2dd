import Ajv2020 from 'ajv/dist/2020';
import addAllFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import addFormats, { FORMATS } from './formats';

const ours = addFormats(new Ajv2020({ strict: false }));
const theirs = addAllFormats(new Ajv2020({ strict: false }));

const VALUES: Record<keyof typeof FORMATS, unknown[]> = {
  email: ['maria.alvarez@example.com', 'a+b@sub.example.co', 'no-at-sign', 'two@@example.com', 'x@-bad.com', 'x@example', ' lead@example.com', 'ünï@example.com'],
  int32: [0, 5, -3, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, 1.5],
  int64: [0, 42, -42, 2 ** 40, 1.25],
  float: [0, 1.5, -2],
  double: [0, 1.5, -2],
};

describe('the formats the browser checks', () => {
  for (const [format, values] of Object.entries(VALUES)) {
    it.each(values)(`answers ${format} for %j as ajv-formats does`, (value) => {
      const schema = { type: typeof value === 'number' ? 'number' : 'string', format };
      expect(ours.validate(schema, value)).toBe(theirs.validate(schema, value));
    });
  }
});
