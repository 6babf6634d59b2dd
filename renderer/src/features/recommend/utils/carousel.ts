// The Recommended Products carousel's rules (the spec's constants): at most 5 cards; how many show at once by the
// window's width, on the home pages and on the cart; the arrows only with more than 4 cards.
import type { RecommendPage } from '../api/get-recommended-plan-ids';

/** The most cards the carousel holds (View All shows the rest). */
export const CAROUSEL_MAX = 5;

/** Cards per view from each width up: 1/2/3/5 from 0/767/1100/1300 at home; 2/3/4/5 from 0/767/1140/1920 on the cart. */
const PER_VIEW: Record<RecommendPage, readonly (readonly [number, number])[]> = {
  home: [
    [1300, 5],
    [1100, 3],
    [767, 2],
    [0, 1],
  ],
  cart: [
    [1920, 5],
    [1140, 4],
    [767, 3],
    [0, 2],
  ],
};

export function perView(page: RecommendPage, width: number): number {
  return PER_VIEW[page].find(([from]) => width >= from)?.[1] ?? 1;
}

export interface CarouselLayout {
  /** Columns: the cards shown side by side. */
  perView: number;
  /** Whether the previous and next arrows show: only with more than 4 cards, and more than fit in a view. */
  arrows: boolean;
  /** The first card shown (kept within the cards). */
  start: number;
  /** The cards shown, [from, to): all of them when there are no arrows (in rows of `perView`). */
  from: number;
  to: number;
  canPrevious: boolean;
  canNext: boolean;
}

/** What the carousel shows of `count` cards at `width`, having moved to `start`. */
export function carouselLayout(page: RecommendPage, width: number, count: number, start: number): CarouselLayout {
  const n = Math.min(count, CAROUSEL_MAX);
  const columns = perView(page, width);
  const arrows = n > 4 && n > columns;
  if (!arrows) return { perView: columns, arrows, start: 0, from: 0, to: n, canPrevious: false, canNext: false };
  const first = Math.max(0, Math.min(start, n - columns));
  return { perView: columns, arrows, start: first, from: first, to: first + columns, canPrevious: first > 0, canNext: first + columns < n };
}
