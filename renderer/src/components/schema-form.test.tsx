import type { FormValidation, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { customValidate } from './schema-form';

function collector(fields: string[]) {
  const added: Record<string, string[]> = {};
  const errors: Record<string, { addError: (m: string) => void }> = {};
  for (const f of fields) errors[f] = { addError: (m: string) => (added[f] ??= []).push(m) };
  return { errors: errors as unknown as FormValidation<Record<string, unknown>>, added };
}

const schema: RJSFSchema = {
  type: 'object',
  properties: {
    employment_status: { type: 'string', 'x-refuse': { R: 'You cannot proceed with retired employer' } } as RJSFSchema,
    holiday_policy: {
      type: 'object',
      'x-checks': ['at_least_one'],
      'x-messages': { at_least_one: 'Select at least one holiday policy' },
      properties: { Birthday: { type: 'boolean' } },
    } as RJSFSchema,
  },
};

describe('the schema rules checked in the browser', () => {
  it('refuses a retired employer and a holiday policy with nothing ticked, with the spec messages', () => {
    const { errors, added } = collector(['employment_status', 'holiday_policy']);
    customValidate(schema)({ employment_status: 'R', holiday_policy: { Birthday: false } }, errors);
    expect(added).toEqual({
      employment_status: ['You cannot proceed with retired employer'],
      holiday_policy: ['Select at least one holiday policy'],
    });
  });

  it('accepts an active employee with one holiday ticked', () => {
    const { errors, added } = collector(['employment_status', 'holiday_policy']);
    customValidate(schema)({ employment_status: 'A', holiday_policy: { Birthday: true } }, errors);
    expect(added).toEqual({});
  });
});
