// The store in Spanish: an applicant walks from the landing page to the receipt and, on every page, switches to
// Spanish with the header's choice. Each page's Spanish is compared with its English: a line a person reads that is
// the same in both is English left behind, unless it is data (a name, a plan's name, an amount, a date, a code).
// Each page in Spanish is pictured at a desktop's and a phone's width (test-results/spanish/), and nothing may run out
// of its box: Spanish runs about a quarter longer.
import { expect, test, type Page } from '@playwright/test';
import {
  addToCart,
  answerHealthQuestions,
  checkout,
  dobOfAge,
  fillContactInformation,
  fillFilter,
  fillPersonalInformation,
  noSeriousViolations,
  openFirstPlan,
  payByEft,
  signAgreement,
  repo,
  submitApplication,
} from './helpers';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lines a person reads on the page (the header, the page and the footer), trimmed, without blank ones. */
async function linesOf(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The page's lines once they stop changing for a second (the answers read again in the new language are all in). */
async function settled(page: Page): Promise<string[]> {
  let before = await linesOf(page);
  let still = 0;
  for (let tries = 0; tries < 40 && still < 3; tries++) {
    await page.waitForTimeout(350);
    const now = await linesOf(page);
    still = now.join('\n') === before.join('\n') ? still + 1 : 0;
    before = now;
  }
  return before;
}

/** Data: the same in any language (names the person typed, the catalogue's names, amounts, dates, codes). */
function isData(line: string, data: RegExp[]): boolean {
  // No word of three letters or more that is not a name or a code: amounts, dates, numbers, "(404) 555-0134".
  if (!/[A-Za-z]{3,}/.test(line)) return true;
  // An acronym (PPO, HMO, PDF), alone or with a count ("PPO (6)"), is the same in both.
  if (/^[A-Z]{2,5}( \(\d+\))?$/.test(line)) return true;
  const bare = line.replace(/^[^A-Za-z0-9$]+/, '');
  return data.some((pattern) => pattern.test(line) || pattern.test(bare));
}

/** The catalogue's names (plans, their options, carriers), read from its files, and the applicant's own. */
function catalogueNames(): RegExp[] {
  // The applicant's own answers, and what the store looked up from them (the ZIP's city, the routing number's bank).
  const names = new Set<string>(['Benefit Store', 'Dana Okafor', 'Dana', 'Okafor', 'dana.okafor@example.com', 'Macon', 'Atlanta', '12 Peachtree St NE', 'Peachtree Community Bank']);
  const folder = join(repo, 'fixtures/catalogue');
  const files = [...readdirSync(folder).map((f) => join(folder, f)), ...readdirSync(join(folder, 'plans')).map((f) => join(folder, 'plans', f))];
  for (const file of files.filter((f) => f.endsWith('.yaml'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/^\s*-?\s*(?:plan_name|name): *(.+?) *$/gm)) names.add(name.replace(/^['"]|['"]$/g, ''));
  }
  // The store's words that Spanish writes as English does (Texas, Individual): engine/locales/es.yaml's `X: X`.
  for (const [, english, spanish] of readFileSync(join(repo, 'engine/locales/es.yaml'), 'utf8').matchAll(/^ {2}"?(.+?)"?: "?(.+?)"?$/gm)) {
    if (english === spanish) names.add(english);
  }
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A line that is a name, or starts with one (a plan's name and its option), an e-mail address, the copyright line.
  return [...[...names].map((name) => new RegExp(`^${escape(name)}\\b`)), /@/, /^© \d{4} /];
}

const shots = 'test-results/spanish';

/**
 * Switches the page to Spanish with the header's choice, compares its lines with the English ones, pictures it at
 * both widths and checks nothing overflows; then switches back to English, where the journey goes on.
 */
async function inSpanish(page: Page, name: string, data: RegExp[], ready: (page: Page) => Promise<void>) {
  // The English page as it stands once all its answers are in (a plans page draws its filters after its cards).
  const english = await settled(page);
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await ready(page);
  // Every answer carrying the server's words is read again in Spanish: the page is compared once they are all in.
  const spanish = await settled(page);
  const left = spanish.filter((line) => english.includes(line) && !isData(line, data));
  expect.soft(left, `${name}: English left in the Spanish page`).toEqual([]);
  await noSeriousViolations(page, `${name} (Spanish)`);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    // The page lays itself out again for the new width (a carousel shows fewer cards on a phone).
    await page.waitForTimeout(600);
    // Words wider than their box: clipped (hidden, an ellipsis) or spilling over what is beside them. Boxes that
    // scroll sideways on purpose (a carousel, a table on a phone) are left out.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => {
          // Words only a screen reader reads are clipped to a pixel on purpose.
          if (el.closest('.visually-hidden')) return false;
          const style = getComputedStyle(el);
          if (['auto', 'scroll'].includes(style.overflowX) || el.closest('[style*="overflow"], .scroll-x')) return false;
          // A carousel's cards beyond its window are out of sight on purpose.
          const box = el.getBoundingClientRect();
          if (!el.checkVisibility() || box.right <= 0 || box.left >= window.innerWidth) return false;
          const ownWords = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && /\S/.test(n.textContent ?? ''));
          return ownWords && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${(el as HTMLElement).innerText.slice(0, 60)}`),
    );
    expect.soft(overflowing, `${name} at ${width}px: text cut off`).toEqual([]);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(pageWidth, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    // What a phone shows first, to look at without scrolling a tall picture.
    if (width < 600) await page.screenshot({ path: `${shots}/${name}-${width}-first.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The step is read again in English before the journey goes on with it.
  await settled(page);
}

test('an applicant reads every page from the landing page to the receipt in Spanish, with nothing left in English', async ({ page }) => {
  test.setTimeout(480_000);
  await page.goto('/');
  const data = catalogueNames();
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await inSpanish(page, 'landing', data, async (p) => {
    await expect(p.getByText('¿Preguntas? Estamos aquí para ayudarle.')).toBeVisible();
  });
  await fillFilter(page, '30301', dobOfAge(40));

  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await inSpanish(page, 'plans', data, async (p) => {
    await expect(p.getByRole('heading', { level: 1 })).not.toHaveText('Medical Plans');
  });
  await openFirstPlan(page);

  await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
  await inSpanish(page, 'plan', data, async (p) => {
    await expect(p.getByRole('heading', { name: 'Your price' })).toHaveCount(0);
  });
  await addToCart(page);

  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await inSpanish(page, 'cart', data, async (p) => {
    await expect(p.getByRole('heading', { name: 'Mi carrito' })).toBeVisible();
  });
  await checkout(page);

  const steps: [string, RegExp, (page: Page) => Promise<void>][] = [
    ['personal-information', /personal-information/, fillPersonalInformation],
    ['contact-information', /contact-information/, fillContactInformation],
    ['health-questions', /health-questions/, answerHealthQuestions],
    ['agreement-signature', /agreement-signature/, async (p) => {
      await signAgreement(p);
      await p.getByRole('button', { name: 'Next' }).click();
    }],
    ['billing', /billing/, payByEft],
  ];
  for (const [name, url, fill] of steps) {
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await inSpanish(page, name, data, async (p) => {
      await expect(p.getByRole('button', { name: 'Siguiente' })).toBeVisible();
    });
    await fill(page);
  }

  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '1. Personal Information' })).toBeVisible();
  await inSpanish(page, 'review', data, async (p) => {
    await expect(p.getByRole('heading', { name: '1. Información personal' })).toBeVisible();
  });
  await submitApplication(page);

  await expect(page).toHaveURL(/\/enrollment\/receipt/);
  await expect(page.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
  await inSpanish(page, 'receipt', data, async (p) => {
    await expect(p.getByText(/Su número de confirmación es \d{10}/)).toBeVisible();
  });
});

test('the language chosen is kept for the session: a new page opens in it, and the cart and the filter stay', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Mi carrito' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'English' })).toBeVisible();
});
