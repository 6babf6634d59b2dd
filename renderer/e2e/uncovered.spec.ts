// Nothing floating covers an action: the help button, the compare bar and the location banner stay clear of the
// buttons a person needs, at a phone's width and a desktop's, wherever the page is scrolled.
import { expect, test, type Locator } from '@playwright/test';
import { dobOfAge, fillFilter, fillPersonalInformation, toPersonalInformation } from './helpers';

/**
 * Scrolls `action` to the foot of the window (where the help button and the banners are), then asks the browser what
 * is drawn at its left end, middle and right end: answers the points where something else is on top.
 */
async function coveredPoints(action: Locator): Promise<string[]> {
  await action.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4));
  return action.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const y = r.top + r.height / 2;
    return [
      ['left', r.left + 3],
      ['middle', r.left + r.width / 2],
      ['right', r.right - 3],
    ].flatMap(([where, x]) => {
      const hit = document.elementFromPoint(x as number, y);
      return hit && (hit === el || el.contains(hit)) ? [] : [`${where}: ${hit?.outerHTML.slice(0, 80)}`];
    });
  });
}

async function expectUncovered(actions: Locator[]) {
  for (const action of actions) {
    await expect(action).toBeVisible();
    expect(await coveredPoints(action), `${await action.textContent()} is covered`).toEqual([]);
  }
}

for (const [width, height] of [
  [390, 844],
  [1280, 900],
]) {
  test(`at ${width} pixels the help button leaves a step's Back, Save & Continue Later and Next clear`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await toPersonalInformation(page);
    await fillPersonalInformation(page);
    await expect(page.getByRole('heading', { name: 'Contact Information', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'We are here to help you' })).toBeVisible();
    await expectUncovered(['Back', 'Save & Continue Later', 'Next'].map((name) => page.getByRole('button', { name, exact: true })));
  });
}

test('at 1280 pixels the help button leaves the compare bar’s Compare and Clear clear', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  // The filter is stored once the plans open; leaving before then could leave it unsaved.
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  const boxes = page.getByRole('checkbox', { name: /^Compare / });
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const bar = page.getByRole('complementary', { name: 'Plans to compare' });
  await expectUncovered([bar.getByRole('link', { name: 'Compare (2)' }), bar.getByRole('button', { name: 'Clear' })]);
});

test.describe('with the location banner showing', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 33.749, longitude: -84.388 } });

  test('on a phone the quote form’s date of birth and Submit are not covered by it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Location permission' })).toBeVisible();
    await expectUncovered([page.getByLabel('DOB'), page.getByRole('button', { name: 'Submit' })]);
  });
});
