import type { RJSFSchema } from '@rjsf/utils';
import { fireEvent, render, screen } from '../testing/render';
import { describe, expect, it } from 'vitest';
import { revealConditionally } from './conditions';
import { SchemaForm } from './schema-form';

const personal: RJSFSchema = {
  type: 'object',
  required: ['prior_coverage_flag'],
  allOf: [
    {
      if: { properties: { prior_coverage_flag: { const: '1' } }, required: ['prior_coverage_flag'] },
      then: { required: ['prior_carrier_name'] },
    },
  ],
  properties: {
    prior_coverage_flag: {
      title: 'Prior Coverage',
      type: 'string',
      oneOf: [
        { const: '0', title: 'No prior Health Coverage' },
        { const: '1', title: 'Have had Insurance Carrier' },
      ],
    },
    prior_carrier_name: { title: 'Prior Carrier Name', type: 'string' },
    prior_term_date: { title: 'Prior Coverage Term Date', type: 'string', 'x-checks': [{ check: 'after', field: 'prior_carrier_name' }] } as RJSFSchema,
  },
};

describe('fields that only a condition requires', () => {
  it('are moved under the condition, with the fields checked against them', () => {
    const schema = revealConditionally(personal);
    expect(Object.keys(schema.properties ?? {})).toEqual(['prior_coverage_flag']);
    expect(Object.keys(((schema.allOf as RJSFSchema[])[0].then as RJSFSchema).properties ?? {})).toEqual(['prior_carrier_name', 'prior_term_date']);
  });

  it('are drawn only while the condition holds', async () => {
    render(
      <SchemaForm id="t" schema={revealConditionally(personal)} uiSchema={{ prior_coverage_flag: { 'ui:widget': 'radio' } }} formData={{}} onSubmit={() => undefined}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    expect(screen.queryByLabelText(/^Prior Carrier Name/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Have had Insurance Carrier' }));
    expect(await screen.findByLabelText(/^Prior Carrier Name/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No prior Health Coverage' }));
    expect(screen.queryByLabelText(/^Prior Carrier Name/)).toBeNull();
  });

  it('keep what the condition says of them, such as a box that must then be ticked', () => {
    const typed: RJSFSchema = {
      type: 'object',
      allOf: [
        {
          if: { properties: { method: { const: 'typed' } }, required: ['method'] },
          then: { required: ['consent'], properties: { consent: { const: true } } },
        },
      ],
      properties: { method: { type: 'string' }, consent: { type: 'boolean', title: 'I agree' } },
    };
    const then = (revealConditionally(typed).allOf as RJSFSchema[])[0].then as RJSFSchema;
    expect(then.properties?.consent).toEqual({ type: 'boolean', title: 'I agree', const: true });
  });
});
