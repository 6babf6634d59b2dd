import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '../testing/render';
import { SchemaForm } from './schema-form';

// A family's dependents as the engine composes them: the relationship read-only, the spouse first unless the premier
// spouse question was answered No, then children.
const family: RJSFSchema = {
  type: 'object',
  properties: {
    spouse_status: { type: 'string', title: 'Spouse?', oneOf: [{ const: '1', title: 'Yes' }, { const: '0', title: 'No' }] },
    dependents: {
      type: 'array',
      title: 'Dependents',
      items: {
        type: 'object',
        properties: {
          first_name: { type: 'string', title: 'First Name' },
          relationship: { type: 'string', title: 'Relationship', oneOf: [{ const: 'spouse', title: 'Spouse' }, { const: 'child', title: 'Child' }] },
        },
      },
      'x-new-item': [
        {
          if: {
            properties: {
              items: { not: { contains: { properties: { relationship: { const: 'spouse' } }, required: ['relationship'] } } },
              form: { properties: { spouse_status: { not: { const: '0' } } } },
            },
          },
          set: { relationship: 'spouse' },
        },
        { set: { relationship: 'child' } },
      ],
    } as RJSFSchema,
  },
};
// The engine turns the relationship's `x-locked` into `ui:readonly`.
const ui = { dependents: { 'ui:field': 'listEditor', 'ui:options': { itemTitle: 'Dependent #{n}' }, items: { relationship: { 'ui:readonly': true } } } };

function draw(formData: Record<string, unknown>) {
  render(
    <SchemaForm id="family" schema={family} uiSchema={ui} formData={formData} onSubmit={() => undefined}>
      <button type="submit">Next</button>
    </SchemaForm>,
  );
}

const relationship = () => (screen.getByLabelText(/^Relationship/) as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('a new dependent of a family', () => {
  it('is the spouse while none is listed, then a child, and the person cannot change it', async () => {
    draw({});
    // The list editor loads with the first list a form draws.
    fireEvent.click(await screen.findByRole('button', { name: 'Add Dependent' }));
    expect(relationship()).toBe('Spouse');
    expect((screen.getByLabelText(/^Relationship/) as HTMLSelectElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^First Name/), { target: { value: 'Luis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Dependent' }));
    expect(relationship()).toBe('Child');
  });

  it('is a child from the start when the spouse question was answered No', async () => {
    draw({ spouse_status: '0' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Dependent' }));
    expect(relationship()).toBe('Child');
  });
});
