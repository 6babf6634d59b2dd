import { describe, expect, it } from 'vitest';
import { CAROUSEL_MAX, carouselLayout, perView } from './carousel';

describe('the recommended carousel', () => {
  it.each([
    [390, 1],
    [766, 1],
    [767, 2],
    [1099, 2],
    [1100, 3],
    [1299, 3],
    [1300, 5],
    [2560, 5],
  ])('shows on the home page at %ipx wide %i cards at once', (width, cards) => {
    expect(perView('home', width)).toBe(cards);
  });

  it.each([
    [390, 2],
    [767, 3],
    [1139, 3],
    [1140, 4],
    [1919, 4],
    [1920, 5],
  ])('shows on the cart at %ipx wide %i cards at once', (width, cards) => {
    expect(perView('cart', width)).toBe(cards);
  });

  it('holds at most five cards', () => {
    expect(CAROUSEL_MAX).toBe(5);
    expect(carouselLayout('home', 1280, 12, 0).to).toBeLessThanOrEqual(5);
    expect(carouselLayout('home', 1280, 12, 99)).toMatchObject({ from: 2, to: 5, canNext: false });
  });

  it('has arrows only with more than four cards, so four or fewer all show in rows instead', () => {
    expect(carouselLayout('home', 390, 4, 0)).toMatchObject({ arrows: false, perView: 1, from: 0, to: 4 });
    expect(carouselLayout('cart', 1280, 3, 0)).toMatchObject({ arrows: false, from: 0, to: 3 });
    expect(carouselLayout('home', 390, 5, 0)).toMatchObject({ arrows: true, from: 0, to: 1, canPrevious: false, canNext: true });
  });

  it('has no arrows when all five cards fit in one view', () => {
    expect(carouselLayout('home', 1300, 5, 0)).toMatchObject({ arrows: false, from: 0, to: 5 });
    expect(carouselLayout('cart', 1920, 5, 0)).toMatchObject({ arrows: false, from: 0, to: 5 });
  });

  it('moves one card at a time and stops at either end', () => {
    expect(carouselLayout('cart', 1280, 5, 1)).toMatchObject({ perView: 4, from: 1, to: 5, canPrevious: true, canNext: false });
    expect(carouselLayout('cart', 1280, 5, -3)).toMatchObject({ from: 0, to: 4, canPrevious: false, canNext: true });
  });
});
