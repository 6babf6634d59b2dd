/** A page number, or a run of pages left out ('…'). */
export type PageItem = number | 'gap';

/**
 * The abbreviated pager's items: the first and last pages, the current page and its neighbours, and a gap for each
 * run left out between them (page 4 of 9: 1 … 3 4 5 … 9).
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  const shown = [...new Set([1, current - 1, current, current + 1, total])].filter((p) => p >= 1 && p <= total).sort((a, b) => a - b);
  const items: PageItem[] = [];
  shown.forEach((page, i) => {
    if (i > 0 && page - shown[i - 1] > 1) items.push('gap');
    items.push(page);
  });
  return items;
}
