// What a family is shown is the family's: a plan whose price waits for answers shows, and sorts at, the lowest the
// household can pay, never one person's; its coverage is named for the tier on the plan, in the cart and the comparison.
import { expect, test, type Page } from '@playwright/test';
import { dobOfAge } from './helpers';

const WAITING = 'Harborstone Premier Health PPO';

async function quote(page: Page, tier: 'Member Only' | 'Family') {
  await page.goto('/');
  await page.getByLabel('Zip Code').fill('30303');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Choose Tier').selectOption({ label: tier });
  await page.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/plans\?type=medical/);
}

/** The dollars a card shows for `name` in the medical listing. */
async function cardPrice(page: Page, name: string): Promise<number> {
  const card = page.locator('ul.cards > li').filter({ has: page.getByRole('heading', { name, exact: true }) }).first();
  await expect(card).toBeVisible();
  const text = (await card.innerText()).replace(/,/g, '');
  const found = /\$(\d+\.\d\d)\/mo/.exec(text);
  expect(found, `${name} shows a monthly price: ${text}`).not.toBeNull();
  return Number(found?.[1]);
}

for (const [width, height] of [
  [1280, 900],
  [390, 844],
]) {
  test.describe(`at ${width} pixels`, () => {
    test.use({ viewport: { width, height } });

    test('a plan that waits for answers shows a family the lowest a family can pay, more than one person pays', async ({ page, browser }) => {
      await quote(page, 'Family');
      const family = await cardPrice(page, WAITING);
      const single = await browser.newContext({ viewport: { width, height } });
      const alone = await single.newPage();
      await quote(alone, 'Member Only');
      const one = await cardPrice(alone, WAITING);
      await single.close();
      expect(family, 'a family pays more than one person for the same plan').toBeGreaterThan(one * 1.5);
      // Sorted by monthly premium, no plan the family is shown costs less than the one before it.
      await page.goto('/plans?type=medical&sort=premium');
      const cards = page.locator('ul.cards > li');
      await expect(cards.first()).toBeVisible();
      const prices: number[] = [];
      for (const text of await cards.allInnerTexts()) {
        const found = /\$([\d,]+\.\d\d)\/mo/.exec(text);
        if (found) prices.push(Number(found[1].replace(/,/g, '')));
      }
      expect(prices.length).toBeGreaterThan(2);
      expect(prices, 'ascending').toEqual([...prices].sort((a, b) => a - b));
    });

    test('a family quote names its coverage Family beside each level on the plan page', async ({ page }) => {
      await quote(page, 'Family');
      await page.goto('/plan/1301/plan');
      const prices = page.getByRole('table');
      // (On a phone each cell also says its column's name, so its text is matched rather than its name.)
      await expect(prices.getByRole('cell').filter({ hasText: /^Family$/ }).first()).toBeVisible();
      await expect(prices.getByRole('cell').filter({ hasText: /^Individual$/ })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page does not scroll sideways').toBeLessThanOrEqual(width);
    });
  });
}
