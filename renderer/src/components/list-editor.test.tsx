import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { itemCheckErrors, listMessages, shareTotal, summary } from './list-editor';
import { validator } from './schema-form';

const dependents = {
  type: 'array',
  minItems: 2,
  maxItems: 9,
  contains: { properties: { relationship: { const: 'spouse' } }, required: ['relationship'] },
  minContains: 0,
  maxContains: 1,
  items: {
    type: 'object',
    properties: {
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      relationship: { type: 'string', oneOf: [{ const: 'spouse', title: 'Spouse' }, { const: 'child', title: 'Child' }] },
    },
  },
  'x-messages': {
    minItems: 'Family coverage needs at least two dependents: please add your spouse or children',
    maxContains: 'Only one spouse can be added',
  },
} as unknown as RJSFSchema;

const validate = (data: unknown, schema: RJSFSchema) =>
  validator.validateFormData(data, schema).errors.map((e) => ({ name: e.name, property: e.property, message: e.message }));

describe('the list editor', () => {
  it('sums a dependent up as a person reads it', () => {
    expect(summary({ first_name: 'Sam', last_name: 'Okafor', relationship: 'spouse', birthdate: '02/14/1985' }, dependents.items as RJSFSchema)).toBe(
      'Sam Okafor, Spouse, born 02/14/1985',
    );
  });

  it("says the list's own rules in the schema's words as the list changes", () => {
    const spouse = { relationship: 'spouse' };
    const child = { relationship: 'child' };
    expect(listMessages(dependents, [spouse], validate).map((m) => m.message)).toEqual([
      'Family coverage needs at least two dependents: please add your spouse or children',
    ]);
    expect(listMessages(dependents, [spouse, spouse], validate).map((m) => m.message)).toEqual(['Only one spouse can be added']);
    expect(listMessages(dependents, [spouse, child], validate)).toEqual([]);
  });
});

describe('a list whose shares must total 100', () => {
  const beneficiaries = {
    type: 'array',
    maxItems: 3,
    items: { type: 'object', properties: { beneficiary_percentage: { type: 'integer' } } },
    'x-checks': [{ check: 'total', field: 'beneficiary_percentage' }],
    'x-messages': {
      total_over: 'The beneficiary percentages add up to {total}%, over 100%. Please lower them to a total of 100%.',
      total_under: 'The beneficiary percentages add up to {total}%, under 100%. Please raise them to a total of 100%.',
    },
  } as unknown as RJSFSchema;

  it('says over or under with the total, and nothing at exactly 100', () => {
    const share = (n: number) => ({ beneficiary_percentage: n });
    expect(shareTotal(beneficiaries, [share(60), share(50)])).toBe(110);
    expect(listMessages(beneficiaries, [share(60), share(50)], validate).map((m) => m.message)).toEqual([
      'The beneficiary percentages add up to 110%, over 100%. Please lower them to a total of 100%.',
    ]);
    expect(listMessages(beneficiaries, [share(60)], validate).map((m) => m.message)).toEqual([
      'The beneficiary percentages add up to 60%, under 100%. Please raise them to a total of 100%.',
    ]);
    expect(listMessages(beneficiaries, [share(60), share(40)], validate)).toEqual([]);
  });
});

describe("an item's own checks", () => {
  const beneficiary = {
    type: 'object',
    properties: {
      first_name: { type: 'string' },
      birthdate: { type: 'string', 'x-checks': [{ check: 'date' }, { check: 'not_future' }] },
    },
  } as unknown as RJSFSchema;

  it('refuses a beneficiary born tomorrow when it is added, under the birth date', () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const mdy = [tomorrow.getMonth() + 1, tomorrow.getDate()].map((n) => String(n).padStart(2, '0')).join('/') + `/${tomorrow.getFullYear()}`;
    expect(itemCheckErrors({ first_name: 'Ada', birthdate: mdy }, beneficiary)).toEqual({
      birthdate: { __errors: ['Date cannot be today or a future date'] },
    });
    expect(itemCheckErrors({ first_name: 'Ada', birthdate: '02/14/1985' }, beneficiary)).toBeNull();
    expect(itemCheckErrors({ first_name: 'Ada' }, beneficiary)).toBeNull();
  });
});
