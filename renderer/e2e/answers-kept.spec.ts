// Nothing a person chose is lost, and nothing is chosen for them: a popup's answers stay as chosen on a slow phone
// (Chromium's DevTools throttling: the CPU four times slower and a slow network) while the page's other answers
// arrive; no question any plan asks starts answered; Back from the first step keeps the checkout.
import { expect, test, type Page } from '@playwright/test';
import { checkOutFirstPlan, checkout, dobOfAge, fillFilter, noSeriousViolations } from './helpers';

/** A phone four times slower than this machine, on a slow mobile network (about 400 ms each way, 400 kbit/s). */
async function slowDown(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 20_000 });
}

for (const [width, height] of [
  [1280, 900],
  [390, 844],
]) {
  test.describe(`at ${width} pixels, slowed down`, () => {
    test.use({ viewport: { width, height } });

    test('answers chosen in the popup a plan opens by itself stay chosen as the page finishes loading', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await fillFilter(page, '30301', dobOfAge(40));
      await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
      await slowDown(page);
      await page.getByRole('link', { name: 'More Info about Harborstone Premier Health PPO' }).click();
      const eligibility = page.getByRole('dialog', { name: 'Eligibility Questions' });
      // Chosen the moment the choices are there, while the plan's page is still reading its prices and texts.
      await page.locator('#root_q1-0').check({ timeout: 60_000 });
      await page.locator('#root_q2-0').check();
      await page.locator('#root_q3-1').check();
      await page.waitForLoadState('networkidle');
      for (const chosen of ['#root_q1-0', '#root_q2-0', '#root_q3-1']) await expect(page.locator(chosen)).toBeChecked();
      await eligibility.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('dialog', { name: 'Annual Income' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Please answer all questions')).toHaveCount(0);
    });

    test('answers chosen in the health questions Enroll Now opens stay chosen as the page finishes loading', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await fillFilter(page, '30301', dobOfAge(40));
      await expect(page).toHaveURL(/\/plans\?type=medical/);
      await slowDown(page);
      await page.goto('/plan/1403/northgate-optional-life');
      await page.getByRole('button', { name: 'Enroll Now' }).first().click({ timeout: 60_000 });
      const health = page.getByRole('dialog', { name: 'Health Questions' });
      await page.locator('#root_q901-1').check({ timeout: 60_000 });
      await page.locator('#root_q902-1').check();
      await page.locator('#root_q903-1').check();
      await page.waitForLoadState('networkidle');
      for (const chosen of ['#root_q901-1', '#root_q902-1', '#root_q903-1']) await expect(page.locator(chosen)).toBeChecked();
      await health.getByRole('button', { name: 'Submit Answers' }).click();
      await expect(page.getByText(/^Thank you\. Your answers qualify you for this plan/)).toBeVisible({ timeout: 60_000 });
    });

    test('Back from Personal Information shows the cart still checked out, and checking out again goes on where the person was', async ({ page }) => {
      await page.goto('/');
      await fillFilter(page, '30301', dobOfAge(40));
      await checkOutFirstPlan(page);
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
      await expect(page.getByText('Please check out your cart before starting the enrollment')).toHaveCount(0);
      // The application waits where it was: opened again, it shows its first step, not the cart's refusal.
      await page.goto('/enrollment/personal-information');
      await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
      await expect(page.getByText('Please check out your cart before starting the enrollment')).toHaveCount(0);
      await page.goto('/cart');
      await checkout(page);
      await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
      await expect(page.getByText('Please check out your cart before starting the enrollment')).toHaveCount(0);
      await noSeriousViolations(page, 'personal information after Back');
    });
  });
}

test('no question any plan asks starts answered: every popup of every plan the quote lists opens with nothing chosen', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  const id = await page.evaluate(() => localStorage.getItem('tempId'));
  expect(id, 'the quote is kept in the browser').toBeTruthy();
  // The answers' envelope carries each in `data`.
  const read = async <T,>(path: string): Promise<T> => ((await (await page.request.get(`/api/v1${path}`)).json()) as { data: T }).data;
  const listing = await read<{ result: { plan_id: number; plan_name: string }[] }>(`/get-filtered-plans?enrollment_id=${id}`);
  type View = { kind: string; title: string } | null;
  const asking: { plan: number; name: string; opens: 'itself' | string }[] = [];
  for (const card of listing.result) {
    const flow = await read<{ step?: View; buttons: { label: string; view: View }[] }>(`/shop/${id}/plan/${card.plan_id}`);
    if (flow.step?.kind === 'form') asking.push({ plan: card.plan_id, name: card.plan_name, opens: 'itself' });
    else {
      const button = flow.buttons.find((b) => b.view?.kind === 'form');
      if (button) asking.push({ plan: card.plan_id, name: card.plan_name, opens: button.label });
    }
  }
  expect(asking.length, 'the catalogue has plans that ask questions').toBeGreaterThan(2);
  test.info().annotations.push({ type: 'plans asking questions', description: String(asking.length) });
  for (const { plan, name, opens } of asking) {
    await page.goto(`/plan/${plan}/plan`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    if (opens !== 'itself') await page.getByRole('button', { name: opens, exact: true }).first().click();
    const popup = page.getByRole('dialog');
    await expect(popup.locator('form')).toBeVisible();
    await expect(popup.locator('input:checked'), `${name}: nothing is chosen for the person`).toHaveCount(0);
    await expect(popup.locator('select option:checked:not([value=""])'), `${name}: no choice is made for the person`).toHaveCount(0);
  }
});
