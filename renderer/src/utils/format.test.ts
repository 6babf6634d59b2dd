import { describe, expect, it } from 'vitest';
import { money } from './format';

describe('an amount', () => {
  it.each([
    [2064.68, '$2,064.68'],
    [1234567.891, '$1,234,567.89'],
    [999.99, '$999.99'],
    [0.05, '$0.05'],
    [-5, '-$5.00'],
    [null, '$0.00'],
  ])('%s reads %s, with thousands separators and its sign before the dollar', (value, text) => {
    expect(money(value)).toBe(text);
  });

  it('reads the same as the browser’s own US formatting', () => {
    const us = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const value of [0, 7.5, 1000, 2064.68, 98765.4, 1234567.89]) expect(money(value)).toBe(us.format(value));
  });
});
