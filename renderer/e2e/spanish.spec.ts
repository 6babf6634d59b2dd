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
  const names = new Set<string>(['Benefit Store', 'Dana Okafor', 'Dana', 'Okafor', 'dana.okafor@example.com', 'Macon', 'Atlanta', '12 Peachtree St NE', 'Peachtree Community Bank', 'Hypertension', 'Lisinopril', '10 mg daily']);
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
 * The page in Spanish as a person sees it: no serious accessibility fault, and at a desktop's and a phone's width no
 * words cut off or spilling out of their box and no sideways scrolling; pictured at both widths. Ends at 1280.
 */
async function looksRight(page: Page, name: string) {
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
}

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
  await looksRight(page, name);
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

/** The lines of the dialog open on the page, once they stop changing. */
async function dialogLines(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const read = async () => (await dialog.innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
  let before = await read();
  for (let still = 0, tries = 0; still < 2 && tries < 20; tries++) {
    await page.waitForTimeout(300);
    const now = await read();
    still = now.join('\n') === before.join('\n') ? still + 1 : 0;
    before = now;
  }
  return before;
}

/** The buttons the popups' walk presses, in the page's language. */
type Buttons = { add: RegExp; noThanks: string; checkout: string; decline: RegExp; enroll: string };
const ENGLISH: Buttons = { add: /Add to Cart/, noThanks: 'No, thanks', checkout: 'Proceed to Checkout', decline: /^No, I like /, enroll: 'Member Enrollment' };
const SPANISH: Buttons = { add: /Agregar al carrito/, noThanks: 'No, gracias', checkout: 'Proceder al pago', decline: /^No, me gustan /, enroll: 'Inscripción del miembro' };

/**
 * From a medical plan's page to checkout's confirmation, reading each popup met on the way: the offer after Add to
 * Cart, each offer at checkout (declined in turn), and the confirmation. Each is answered with its lines, and handed to
 * `look` while it is open.
 */
async function popupsFromThePlan(page: Page, press: Buttons, look: (name: string) => Promise<void>): Promise<[string, string[]][]> {
  const met: [string, string[]][] = [];
  await page.getByRole('main').getByRole('button', { name: press.add }).first().click();
  met.push(['offer after adding', await dialogLines(page)]);
  await look('offer after adding');
  await page.getByRole('dialog').getByRole('button', { name: press.noThanks }).click();
  await page.getByRole('button', { name: press.checkout }).click();
  for (let offer = 1; ; offer++) {
    const lines = await dialogLines(page);
    const confirmation = page.getByRole('dialog').getByRole('button', { name: press.enroll });
    const name = (await confirmation.isVisible()) ? 'checkout confirmation' : `checkout offer ${offer}`;
    met.push([name, lines]);
    await look(name);
    if (name === 'checkout confirmation') return met;
    const decline = page.getByRole('dialog').getByRole('button', { name: press.decline });
    const answered = (await decline.textContent()) ?? '';
    await decline.click();
    await expect(page.getByRole('button', { name: answered, exact: true })).toHaveCount(0);
    expect(offer, 'checkout ends with its confirmation').toBeLessThan(4);
  }
}

test('every popup from Add to Cart to checkout’s confirmation reads in Spanish, with nothing left in English', async ({ browser }) => {
  test.setTimeout(240_000);
  const data = catalogueNames();
  const walk = async (spanish: boolean) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await fillFilter(page, '30301', dobOfAge(40));
    await openFirstPlan(page);
    await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
    if (spanish) {
      // The person chooses Spanish on the plan's page, before meeting its popups.
      await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page.getByRole('heading', { name: 'Your price' })).toHaveCount(0);
    }
    const met = await popupsFromThePlan(page, spanish ? SPANISH : ENGLISH, async (name) => {
      if (spanish) await looksRight(page, name);
    });
    await context.close();
    return met;
  };
  const english = await walk(false);
  const spanish = await walk(true);
  expect(spanish.map(([name]) => name), 'the same popups in both languages').toEqual(english.map(([name]) => name));
  expect(spanish.length, 'an offer after adding, offers at checkout, its confirmation').toBeGreaterThanOrEqual(3);
  spanish.forEach(([name, lines], i) => {
    const left = lines.filter((line) => english[i][1].includes(line) && !isData(line, data));
    expect.soft(left, `${name}: English left in the Spanish popup`).toEqual([]);
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
