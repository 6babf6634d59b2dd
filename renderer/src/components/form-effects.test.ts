import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { applyCopies, lookupsFor, valueAt } from './form-effects';

const billing = {
  type: 'object',
  properties: {
    is_physical_address: { type: 'boolean', 'x-copy': { address1: '12 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30303' } },
    routing_number: {
      type: 'string',
      pattern: '^[0-9]{9}$',
      'x-fills': { call: 'routing-number-bank-lookup', param: 'q', value: 'response.name', into: 'bank_name' },
    },
  },
} as unknown as RJSFSchema;

describe('effects the billing schema asks for', () => {
  it('copies the contact address when Choose physical address is ticked and clears it when unticked', () => {
    const ticked = applyCopies(billing, { address1: 'typed' }, { address1: 'typed', is_physical_address: true });
    expect(ticked).toMatchObject({ address1: '12 Peachtree St NE', city: 'Atlanta', zip: '30303' });
    const unticked = applyCopies(billing, ticked, { ...ticked, is_physical_address: false });
    expect(unticked.address1).toBeUndefined();
    expect(unticked.city).toBeUndefined();
  });

  it('looks up the bank once the routing number has nine digits, and clears the bank name otherwise', () => {
    expect(lookupsFor(billing, {}, { routing_number: '06127' })).toEqual({ run: [], clear: ['bank_name'] });
    expect(lookupsFor(billing, {}, { routing_number: '061271001' }).run).toEqual([
      { field: 'routing_number', path: '/routing-number-bank-lookup?q=061271001', value: 'response.name', into: 'bank_name' },
    ]);
    expect(lookupsFor(billing, { routing_number: '061271001' }, { routing_number: '061271001' })).toEqual({ run: [], clear: [] });
  });

  it('reads a dotted path of a lookup answer', () => {
    expect(valueAt({ response: { name: 'Peachtree Community Bank' } }, 'response.name')).toBe('Peachtree Community Bank');
    expect(valueAt({}, 'response.name')).toBeUndefined();
  });
});

describe('effects of fields a condition adds', () => {
  it('looks up a routing number that sits under the EFT condition', () => {
    const conditional = {
      type: 'object',
      properties: { payment_method: { type: 'string' } },
      allOf: [{ if: {}, then: { properties: { routing_number: (billing.properties as Record<string, RJSFSchema>).routing_number } } }],
    } as unknown as RJSFSchema;
    expect(lookupsFor(conditional, {}, { routing_number: '061271001' }).run).toHaveLength(1);
  });
});

describe('a choice of records on file', () => {
  const onFile = {
    type: 'object',
    properties: {
      bank_id: {
        type: 'integer',
        'x-copy-choices': { '301': { routing_number: '063171390', account_number: '****2311' } },
      },
    },
  } as unknown as RJSFSchema;

  it('fills the fields from the chosen record and clears them for a new one', () => {
    const chosen = applyCopies(onFile, {}, { bank_id: 301 });
    expect(chosen).toMatchObject({ routing_number: '063171390', account_number: '****2311' });
    const fresh = applyCopies(onFile, chosen, { ...chosen, bank_id: 0 });
    expect(fresh.routing_number).toBeUndefined();
    expect(fresh.account_number).toBeUndefined();
  });
});
