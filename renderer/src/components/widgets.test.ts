import { describe, expect, it } from 'vitest';
import { formatDateInput } from './widgets';

describe('the date widget', () => {
  it('inserts slashes while the person types digits', () => {
    expect(formatDateInput('0412')).toBe('04/12');
    expect(formatDateInput('04121986')).toBe('04/12/1986');
    expect(formatDateInput('04/12/19861')).toBe('04/12/1986');
  });

  it('clamps the month to 12 and the day to 31', () => {
    expect(formatDateInput('1940')).toBe('12/31');
    expect(formatDateInput('00001990')).toBe('01/01/1990');
  });
});
