import rjsfDecimalSeparator from '@rjsf/utils/lib/getDecimalSeparator.js';
import { describe, expect, it } from 'vitest';
import getDecimalSeparator from './decimal-separator';

describe('the decimal separator the build gives the form library', () => {
  it.each(['en-US', 'es-US'])('is the one the library finds for the store’s language %s', (language) => {
    expect(getDecimalSeparator()).toBe(rjsfDecimalSeparator(language));
  });

  it('stays a point for a visitor whose browser prefers German, where the library would read a comma', () => {
    expect(rjsfDecimalSeparator('de-DE')).toBe(',');
    expect(getDecimalSeparator()).toBe('.');
  });
});
