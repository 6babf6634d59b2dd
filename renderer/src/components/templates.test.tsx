import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { inSections } from './templates';

describe("a form's sections", () => {
  it('puts the fields a section names under its heading, from the first of them drawn, and leaves the others where they are', () => {
    const schema = { 'x-sections': [{ title: 'Broker, Group or Applicant Verification', fields: ['answer', 'date', 'signature'] }] } as unknown as RJSFSchema;
    const drawn = ['agreements', 'date', 'signature'].map((name) => ({ name }));
    expect(inSections(drawn, schema)).toEqual([
      { title: null, index: -1, properties: [{ name: 'agreements' }] },
      { title: 'Broker, Group or Applicant Verification', index: 0, properties: [{ name: 'date' }, { name: 'signature' }] },
    ]);
    expect(inSections(drawn, {} as RJSFSchema)).toEqual([{ title: null, index: -1, properties: drawn }]);
  });
});
