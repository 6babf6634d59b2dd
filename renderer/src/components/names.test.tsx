import type { RJSFSchema } from '@rjsf/utils';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../testing/render';
import { normalizeTyped } from './normalize';
import { SchemaForm, transformErrors, validator } from './schema-form';

interface Table {
  schemas: Record<'first_name' | 'middle_name' | 'last_name' | 'address1' | 'address2' | 'city', RJSFSchema>;
  names: { accepted: { typed: string; stored: string }[]; refused: string[] };
  addresses: { accepted: string[]; refused: string[] };
}

// The table the engine runs too (engine/tests/names.rs), with the fields as the server sends them: the browser's
// early check (ajv, as the forms compile it) and the server answer each name and address alike.
const table = JSON.parse(readFileSync(resolve(process.cwd(), '../engine/tests/names.cases.json'), 'utf8')) as Table;
const schema: RJSFSchema = { type: 'object', properties: table.schemas };
const names = ['first_name', 'middle_name', 'last_name'] as const;
const addresses = ['address1', 'address2', 'city'] as const;

/** The messages the form would show for `data`, by field. */
function messages(data: Record<string, unknown>): Record<string, string[]> {
  const { errors } = validator.validateFormData(data, schema, undefined, transformErrors(schema));
  const by: Record<string, string[]> = {};
  for (const e of errors) (by[(e.property ?? '').replace(/^\./, '')] ??= []).push(e.message ?? '');
  return by;
}

const escaped = (text: string) => JSON.stringify(text).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('names in every alphabet, checked in the browser as the server checks them', () => {
  it('compiles the served name pattern with the u flag, which \\p{L} needs', () => {
    expect(table.schemas.first_name.pattern).toContain('\\p{L}');
    expect(validator.isValid(table.schemas.first_name, 'Zoë', table.schemas.first_name)).toBe(true);
  });

  it.each(table.names.accepted.map((c) => [escaped(c.typed), c] as const))('takes %s, kept composed', (_, c) => {
    for (const field of names) {
      const kept = normalizeTyped(table.schemas[field], c.typed);
      expect(kept).toBe(c.stored);
      expect(messages({ [field]: kept })).toEqual({});
    }
  });

  it.each(table.names.refused.map((name) => [escaped(name), name] as const))("refuses %s with the spec's message of each name", (_, name) => {
    for (const field of names) {
      const message = (table.schemas[field]['x-messages'] as Record<string, string>).pattern;
      expect(message).toMatch(/^Please enter valid (first|middle|last) name$/);
      expect(messages({ [field]: normalizeTyped(table.schemas[field], name) })).toEqual({ [field]: [message] });
    }
  });

  it('takes addresses in every alphabet and refuses control and text-direction characters', () => {
    for (const text of table.addresses.accepted) {
      for (const field of addresses) expect(messages({ [field]: text }), escaped(text)).toEqual({});
    }
    for (const text of table.addresses.refused) {
      for (const field of addresses) {
        const message = (table.schemas[field]['x-messages'] as Record<string, string>).pattern;
        expect(message).toMatch(/without hidden control or text-direction characters$/);
        expect(messages({ [field]: text }), escaped(text)).toEqual({ [field]: [message] });
      }
    }
  });

  it('keeps a name typed decomposed in its composed form, as the server stores it', () => {
    const changed = vi.fn();
    render(
      <SchemaForm id="names" schema={{ type: 'object', properties: { last_name: { ...table.schemas.last_name, title: 'Last Name' } } }} uiSchema={{}} formData={{}} onSubmit={() => undefined} onChange={changed}>
        <button type="submit">Next</button>
      </SchemaForm>,
    );
    fireEvent.change(screen.getByLabelText('Last Name'), { target: { value: 'Mun\u0303oz-Pen\u0303a' } });
    expect(changed).toHaveBeenLastCalledWith({ last_name: 'Muñoz-Peña' });
    expect((screen.getByLabelText('Last Name') as HTMLInputElement).value).toBe('Muñoz-Peña');
  });
});
