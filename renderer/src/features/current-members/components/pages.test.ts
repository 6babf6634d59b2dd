import { describe, expect, it } from 'vitest';
import { pageItems } from './pages';

describe('the abbreviated pager', () => {
  it('shows the first and last pages around the current one and its neighbours, with gaps between', () => {
    expect(pageItems(4, 9)).toEqual([1, 'gap', 3, 4, 5, 'gap', 9]);
  });

  it('leaves no gap where nothing is left out', () => {
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(3, 3)).toEqual([1, 2, 3]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });

  it('shows a gap on one side only at the ends', () => {
    expect(pageItems(1, 9)).toEqual([1, 2, 'gap', 9]);
    expect(pageItems(9, 9)).toEqual([1, 'gap', 8, 9]);
  });

  it('shows a single page as itself, and no pages when there are none', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});
