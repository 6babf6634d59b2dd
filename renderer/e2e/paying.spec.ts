// Checking out and paying as a person expects: the checkout's primary choice is the one for who checks out; Billing
// says the terms of the way of paying chosen, the first payment and when it is taken; a field drawn as optional is
// never refused as required.
import { expect, test } from '@playwright/test';
import {
  addToCart,
  answerHealthQuestions,
  dobOfAge,
  fillContactInformation,
  fillFilter,
  fillPersonalInformation,
  openFirstPlan,
  signAgreement,
  toCheckoutConfirmation,
} from './helpers';

for (const [width, height] of [
  [1280, 900],
  [390, 844],
]) {
  test.describe(`at ${width} pixels`, () => {
    test.use({ viewport: { width, height } });

    test('a shopper checks out with Member Enrollment first, and Billing says each way of paying, its first payment and when', async ({ page }) => {
      await page.goto('/');
      await fillFilter(page, '30301', dobOfAge(40));
      await openFirstPlan(page);
      await addToCart(page);
      await toCheckoutConfirmation(page);
      // The spec's three choices stay; for a shopper without a rep, Member Enrollment is the one to press.
      const confirmation = page.getByRole('dialog');
      await expect(confirmation.getByRole('button', { name: 'Member Enrollment' })).toHaveClass(/\bprimary\b/);
      await expect(confirmation.getByRole('button', { name: 'Rep Enrollment' })).not.toHaveClass(/\bprimary\b/);
      await expect(confirmation.getByRole('button', { name: 'Back to Cart' })).toBeVisible();
      await confirmation.getByRole('button', { name: 'Member Enrollment' }).click();

      await fillPersonalInformation(page);
      await fillContactInformation(page);
      await answerHealthQuestions(page);
      await signAgreement(page);
      await page.getByRole('button', { name: 'Next' }).click();

      await expect(page.getByRole('heading', { name: 'Billing Information', level: 1 })).toBeVisible();
      const form = page.locator('main form');
      // EFT, chosen first: its authorization, and the first payment with the day it is drawn by.
      await expect(form.getByText(/^Your first payment, \$[\d,]+\.\d\d, is drawn from this account by \d\d\/\d\d\/\d{4}; then \$[\d,]+\.\d\d on your bill date each month\./)).toBeVisible();
      await expect(form.getByText(/By choosing EFT you authorize us/)).toBeVisible();
      // A card: the card's terms instead, charged when the application is submitted.
      await page.getByLabel('Credit Card').check();
      await expect(form.getByText(/^Your first payment, \$[\d,]+\.\d\d, is charged to this card when you submit your application/)).toBeVisible();
      await expect(form.getByText(/By choosing Credit Card you authorize us/)).toBeVisible();
      await expect(form.getByText(/By choosing EFT/)).toHaveCount(0);
      // The security code is drawn as required, and refused as required when left out: one rule.
      await expect(page.locator('label[for="root_security_code"]')).toContainText('*');
      await page.getByLabel('First Name on Card').fill('Dana');
      await page.getByLabel('Last Name on Card').fill('Okafor');
      await page.getByLabel('Card Number').fill('4111111111111111');
      await page.locator('#root_expiration_month').selectOption({ label: '08' });
      await page.locator('#root_expiration_year').selectOption({ label: String(new Date().getFullYear() + 3) });
      await page.getByLabel('Choose physical address').check();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.locator('#root_security_code__error')).toHaveText(/\S/);
      // Every field refused is one drawn required.
      for (const said of await page.locator('main [id$="__error"]').filter({ hasText: /\S/ }).all()) {
        const id = ((await said.getAttribute('id')) ?? '').replace(/__error$/, '');
        await expect(page.locator(`label[for="${id}"]`), `${id} is refused, so it is drawn required`).toContainText('*');
      }
      await page.getByLabel('Security Code').fill('123');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'the page does not scroll sideways').toBeLessThanOrEqual(width);
    });
  });
}
