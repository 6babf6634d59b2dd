import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import { equal, parse, resolve, serialize } from './uri';

// The ids and references ajv meets in this store's forms: the server's `$defs`, the JSON Schema meta-schemas, rjsf's
// root id, ids that name a file beside another, and RFC 3986's own examples.
const IDS = [
  '',
  '#',
  '#/$defs/Dependent',
  '#/definitions/Record%3Cstring%2CPerson%3E',
  '__sjs_root',
  '__sjs_root#/$defs/Beneficiary',
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2020-12/meta/core#',
  'http://json-schema.org/draft-07/schema#',
  'HTTP://Example.COM/a/b?x=1#frag',
  'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
  'item.json',
];
const PAIRS: [string, string][] = [
  ['', '#/$defs/Dependent'],
  ['__sjs_root', '#/$defs/Beneficiary'],
  ['__sjs_root', 'other.json#/a'],
  ['https://json-schema.org/draft/2020-12/schema', 'meta/core'],
  ['https://json-schema.org/draft/2020-12/schema', 'meta/validation#'],
  ['https://json-schema.org/draft/2020-12/meta/core', '#/$defs/anchorString'],
  ['http://json-schema.org/draft-07/schema#', '#/definitions/nonNegativeInteger'],
  ['http://a/b/c/d;p?q', 'g'],
  ['http://a/b/c/d;p?q', './g'],
  ['http://a/b/c/d;p?q', 'g/'],
  ['http://a/b/c/d;p?q', '/g'],
  ['http://a/b/c/d;p?q', '//g'],
  ['http://a/b/c/d;p?q', '?y'],
  ['http://a/b/c/d;p?q', 'g?y'],
  ['http://a/b/c/d;p?q', '#s'],
  ['http://a/b/c/d;p?q', 'g#s'],
  ['http://a/b/c/d;p?q', ''],
  ['http://a/b/c/d;p?q', '.'],
  ['http://a/b/c/d;p?q', './'],
  ['http://a/b/c/d;p?q', '..'],
  ['http://a/b/c/d;p?q', '../'],
  ['http://a/b/c/d;p?q', '../g'],
  ['http://a/b/c/d;p?q', '../..'],
  ['http://a/b/c/d;p?q', '../../g'],
  ['http://a/b/c/d;p?q', '../../../g'],
  ['http://a/b/c/d;p?q', '/./g'],
  ['http://a/b/c/d;p?q', 'g.'],
  ['http://a/b/c/d;p?q', './g/.'],
  ['http://a/b/c/d;p?q', 'g/./h'],
  ['http://a/b/c/d;p?q', 'g/../h'],
  ['http://a/b/c/d;p?q', 'urn:x:y'],
];

describe('the URI resolver ajv uses', () => {
  it.each(IDS)('reads and writes %j as fast-uri does, with the same fragment', (id) => {
    expect(serialize(parse(id))).toBe(fastUri.serialize(fastUri.parse(id)));
    expect(parse(id).fragment).toBe(fastUri.parse(id).fragment);
  });

  it.each(PAIRS)('resolves against %j the reference %j as fast-uri does', (base, relative) => {
    expect(resolve(base, relative)).toBe(fastUri.resolve(base, relative));
  });

  it.each([
    ['HTTP://Example.com/a#x', 'http://example.com/a#x'],
    ['http://example.com/a', 'http://example.com/b'],
    ['#/$defs/Dependent', '#/$defs/Dependent'],
    ['__sjs_root', '__sjs_root#'],
  ])('compares %j and %j as fast-uri does', (a, b) => {
    expect(equal(a, b)).toBe(fastUri.equal(a, b));
  });
});
