// The person's choices on the plans page (sort, carriers, networks, limits, HSA-eligible only), kept in the page's
// address so that Back, a reload and a shared link bring them back. The names are the listing call's own.

export const REFINE_KEYS = ['sort', 'usage', 'carriers', 'networks', 'max_premium', 'max_deductible', 'hsa'] as const;
export type RefineKey = (typeof REFINE_KEYS)[number];
/** The choices made, each as the listing call takes it; a choice not made is absent. */
export type Refine = Partial<Record<RefineKey, string>>;

/** The choices in an address's query. */
export function refineOf(params: URLSearchParams): Refine {
  const refine: Refine = {};
  for (const key of REFINE_KEYS) {
    const value = params.get(key)?.trim();
    if (value) refine[key] = value;
  }
  return refine;
}

/** The address's query with `changes` made (an empty value removes the choice); other parameters stay. */
export function withRefine(params: URLSearchParams, changes: Refine): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** Every choice removed. */
export function withoutRefine(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of REFINE_KEYS) next.delete(key);
  return next;
}

/** A comma list's items. */
export function listOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The list with `item` added or taken away, as a comma list (empty: none). */
export function toggled(value: string | undefined, item: string): string {
  const items = listOf(value);
  return (items.includes(item) ? items.filter((i) => i !== item) : [...items, item]).join(',');
}

/** How many choices narrow the listing (the sort and the level of use only order it). */
export function narrowing(refine: Refine): number {
  return (['carriers', 'networks', 'max_premium', 'max_deductible', 'hsa'] as const).filter((k) => refine[k]).length;
}
