// Comparing plans (no spec screen; peers have it) and a Medicare-age buyer shopping dental.
import { expect, test, type Page } from '@playwright/test';
import { addToCart, dobOfAge, fillFilter, noSeriousViolations } from './helpers';

/** Ticks Compare on the first three dental plans and opens the comparison; answers their names. */
async function compareThreeDentalPlans(page: Page): Promise<string[]> {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  await expect(page.getByRole('heading', { name: 'Dental Plans', level: 1 })).toBeVisible();
  const boxes = page.getByRole('checkbox', { name: /^Compare / });
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeGreaterThan(3);
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const box = boxes.nth(i);
    names.push(((await box.getAttribute('aria-label')) ?? (await box.evaluate((b) => b.closest('label')?.textContent ?? ''))).replace(/^Compare\s*/, ''));
    await box.check();
  }
  const bar = page.getByRole('complementary', { name: 'Plans to compare' });
  await expect(bar.getByRole('link', { name: 'Compare (3)' })).toBeVisible();
  // A fourth plan is refused, and the three stay chosen.
  await boxes.nth(3).click();
  await expect(bar.getByText('You can compare up to 3 plans at a time. Remove one to add another.')).toBeVisible();
  await expect(boxes.nth(3)).not.toBeChecked();
  await noSeriousViolations(page, 'plans with the compare bar');
  await bar.getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(/\/compare\?plans=\d+,\d+,\d+$/);
  return names;
}

async function seeComparison(page: Page, names: string[]) {
  await expect(page.getByRole('heading', { name: 'Compare Dental Plans', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  for (const name of names) await expect(table.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
  // Each fact is a row with one value per plan; prices are for this quote.
  for (const fact of ['Monthly price', 'Network', 'Annual maximum']) {
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fact, exact: true }) });
    await expect(row.getByRole('cell')).toHaveCount(3);
  }
  const prices = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Monthly price' }) }).getByRole('cell');
  await expect(prices.nth(0)).toHaveText(/^\$\d+\.\d\d\/mo$/);
  await noSeriousViolations(page, 'comparison');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home › Dental Plans › Compare');
}

test('three dental plans are compared side by side, priced for the quote, and the listing is one link away', async ({ page }) => {
  const names = await compareThreeDentalPlans(page);
  await seeComparison(page, names);
  await page.getByRole('link', { name: 'Back to Dental Plans' }).click();
  await expect(page).toHaveURL(/\/plans\?type=dental$/);
  await expect(page.getByRole('complementary', { name: 'Plans to compare' }).getByRole('link', { name: 'Compare (3)' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('complementary', { name: 'Plans to compare' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the comparison stacks the plans one under another, each with every fact, and nothing scrolls sideways', async ({ page }) => {
    const names = await compareThreeDentalPlans(page);
    await expect(page.getByRole('heading', { name: 'Compare Dental Plans', level: 1 })).toBeVisible();
    const stack = page.getByRole('list', { name: 'Plans side by side' });
    await expect(stack).toBeVisible();
    const cards = stack.locator(':scope > li');
    await expect(cards).toHaveCount(3);
    for (const [i, name] of names.entries()) {
      const card = cards.nth(i);
      await expect(card.getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(card.getByText('Network', { exact: true }), `${name} names its network`).toBeVisible();
      await expect(card.getByRole('link', { name: /More Info/ })).toBeVisible();
    }
    // The wide table is not drawn on a phone.
    await expect(page.getByRole('region', { name: 'Plans side by side' })).toBeHidden();
    const box = await cards.first().boundingBox();
    expect(box?.width ?? 0, 'a card fits the screen').toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page itself does not scroll sideways').toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('compare-phone.png'), fullPage: true });
  });
});

test('a 65-year-old shopping dental sees plans and adds one to the cart', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(65));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  await expect(page.getByRole('heading', { name: 'Dental Plans', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /More Info about/ }).first()).toBeVisible();
  await expect(page.getByText('No Plans are available')).toHaveCount(0);
  await noSeriousViolations(page, 'dental at 65');
  await page.getByRole('link', { name: /More Info about/ }).first().click();
  await addToCart(page);
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  // Continue Shopping returns to the dental listing the person came from.
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/plans?type=dental');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home › Dental Plans › Plan Details › Cart');
});

test('a long listing shows its first page and Show more plans adds the next', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  // Every category at once: more plans than a page holds.
  await page.goto('/plans');
  const cards = page.locator('ul.cards > li');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(24);
  const more = page.getByRole('button', { name: /^Show more plans \(\d+ more\)$/ });
  await expect(more).toBeVisible();
  await noSeriousViolations(page, 'a long listing');
  await more.click();
  await expect(cards).toHaveCount(48);
});

test('the comparison keeps the level of use chosen on the list: its yearly costs are the ones the cards showed', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=medical&sort=yearly_cost&usage=high');
  const cards = page.locator('ul.cards > li').filter({ hasText: /Estimated yearly cost \$[\d,]+\.\d\d \(high use\)/ });
  await expect(cards.first()).toBeVisible();
  const shown: Record<string, string> = {};
  for (let i = 0; i < 2; i++) {
    const card = cards.nth(i);
    const box = card.getByRole('checkbox', { name: /^Compare / });
    const name = ((await box.getAttribute('aria-label')) ?? (await box.evaluate((b) => b.closest('label')?.textContent ?? ''))).replace(/^Compare\s*/, '').trim();
    expect(name, 'the box names its plan').not.toBe('');
    shown[name] = /Estimated yearly cost (\$[\d,]+\.\d\d) \(high use\)/.exec(await card.innerText())?.[1] ?? '';
    await box.check();
  }
  await page.getByRole('complementary', { name: 'Plans to compare' }).getByRole('link', { name: 'Compare (2)' }).click();
  await expect(page).toHaveURL(/usage=high/);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Estimated yearly cost (high use)' }) });
  await expect(row).toBeVisible();
  const names = Object.keys(shown);
  const headers = await page.getByRole('columnheader').allInnerTexts();
  for (const name of names) {
    const column = headers.findIndex((h) => h.includes(name));
    expect(column, `${name} is compared`).toBeGreaterThanOrEqual(0);
    // The corner above the facts' names is no column header: the plans' columns are the row's cells in order.
    await expect(row.getByRole('cell').nth(column), `${name}: the list's yearly cost`).toHaveText(new RegExp(`^\\${shown[name]}`));
  }
});
