import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

describe('a page’s title', () => {
  it('is its heading, then the site’s name', () => {
    expect(pageTitle('Personal  Information\n', 'Benefit Store')).toBe('Personal Information · Benefit Store');
  });

  it('is the site’s name alone on a page without a heading, or headed by that name', () => {
    expect(pageTitle(null, 'Peachtree Logistics Benefits')).toBe('Peachtree Logistics Benefits');
    expect(pageTitle('Benefit Store', 'Benefit Store')).toBe('Benefit Store');
  });
});
