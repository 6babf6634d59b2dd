import type { FormValidation, RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { customValidate, schemaAt, transformErrors } from './schema-form';

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
      'x-checks': [{ check: 'at_least_one' }],
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

describe('messages of nested and conditional fields', () => {
  const health: RJSFSchema = {
    type: 'object',
    properties: {
      condition_questions: {
        type: 'object',
        properties: {
          '141': {
            type: 'object',
            properties: { yes_no_flag: { type: 'string', 'x-messages': { required: 'Please answer all questions' } } as RJSFSchema },
            allOf: [
              {
                if: { properties: { yes_no_flag: { const: '1' } } },
                then: {
                  properties: {
                    conditions: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          date_of_onset: { type: 'string', 'x-messages': { pattern: 'Please enter a valid date (MM/DD/YYYY)' } } as RJSFSchema,
                        },
                      },
                    },
                  },
                },
              },
            ],
          },
        },
      },
    },
  };

  it('finds a detail field that only a Yes answer adds, inside a list item', () => {
    expect(schemaAt(health, '.condition_questions.141.conditions.0.date_of_onset')?.['x-messages']).toEqual({
      pattern: 'Please enter a valid date (MM/DD/YYYY)',
    });
    expect(schemaAt(health, '.condition_questions.999')).toBeUndefined();
  });

  it("says the spec's words for a nested field and drops the failed if that repeats them", () => {
    const errors = transformErrors(health)([
      { name: 'pattern', property: '.condition_questions.141.conditions.0.date_of_onset', message: 'must match pattern', stack: '' },
      { name: 'required', property: '.condition_questions.141.yes_no_flag', message: "must have required property 'yes_no_flag'", stack: '' },
      { name: 'if', property: '.condition_questions.141', message: 'must match "then" schema', stack: '' },
    ]);
    expect(errors.map((e) => e.message)).toEqual(['Please enter a valid date (MM/DD/YYYY)', 'Please answer all questions']);
  });
});
