// What finishing an application takes beyond its steps: pictures of what was saved, a plan's details from the cart,
// a quote edited without surprises, and a beneficiary's date of birth refused when added.
import { expect, test } from '@playwright/test';
import { addToCart, checkout, dobOfAge, fillContactInformation, fillFilter, fillPersonalInformation, noSeriousViolations, openFirstPlan } from './helpers';

test('the cart shows a plan\'s details and leads back to it, each saved step and the checkout are pictured, and a beneficiary born tomorrow is refused when added', async ({ page }) => {
  const shots: { name: string; image: string }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/save-screenshot')) shots.push(request.postDataJSON() as { name: string; image: string });
  });
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  // The plans page heads each category's section with the store's section name.
  await expect(page.getByRole('heading', { name: 'Medical', level: 2, exact: true })).toBeVisible();

  await page.goto('/plans?type=term_life');
  await openFirstPlan(page);
  await addToCart(page);
  const back = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Plan Details' });
  await expect(back).toHaveAttribute('href', /^\/plan\/\d+\//);
  await page.getByRole('button', { name: /: plan details$/ }).first().click();
  const details = page.getByRole('dialog', { name: 'Plan Details' });
  await expect(details.getByText(/\$[\d,]+\.\d\d/).first()).toBeVisible();
  await noSeriousViolations(page, 'cart plan details');
  await details.getByRole('button', { name: 'OK' }).click();
  await expect(details).toBeHidden();

  await checkout(page);
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
  await expect.poll(() => shots.map((s) => s.name)).toContain('cart_checkout');
  await fillPersonalInformation(page);
  await fillContactInformation(page);
  await expect(page.getByRole('heading', { name: 'Beneficiary Information', level: 1 })).toBeVisible();
  await expect.poll(() => shots.map((s) => s.name)).toEqual(expect.arrayContaining(['primary_info', 'contact_info']));
  expect(shots.every((s) => s.image.startsWith('data:image/png;base64,'))).toBe(true);

  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  await page.locator('#root_beneficiaries_edit_first_name').fill('Ada');
  await page.locator('#root_beneficiaries_edit_last_name').fill('Okafor');
  await page.locator('#root_beneficiaries_edit_relationship').selectOption({ label: 'Child' });
  await page.locator('#root_beneficiaries_edit_beneficiary_percentage').fill('100');
  const tomorrow = new Date(Date.now() + 86_400_000);
  const mdy = [tomorrow.getMonth() + 1, tomorrow.getDate()].map((n) => String(n).padStart(2, '0')).join('') + String(tomorrow.getFullYear());
  await page.locator('#root_beneficiaries_edit_birthdate').pressSequentially(mdy);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Please correct Beneficiary #1 \(Ada Okafor.*\): Date cannot be today or a future date$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Beneficiary #1' }), 'the form stays open to correct').toBeVisible();
});

test('a quote changed to Member + Spouse opens again as Member + Spouse, and submitting it again changes nothing', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  // The filter is stored once the plans open; leaving before then could leave it unsaved.
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  await openFirstPlan(page);
  await addToCart(page);
  const cart = page.getByRole('link', { name: /^Cart, 1 item, / });
  const alone = await cart.textContent();
  await page.goto('/plans?type=dental');
  await page.getByRole('button', { name: 'Edit your information' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Choose Tier').selectOption({ label: 'Member + Spouse' });
  await form.getByLabel('Spouse Date of Birth').pressSequentially('03041985');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.filter-summary')).toContainText('Member + Spouse');
  await expect(cart).not.toHaveText(alone ?? '');
  const repriced = await cart.textContent();
  await page.getByRole('button', { name: 'Edit your information' }).click();
  await expect(form.getByLabel('Choose Tier').locator('option:checked')).toHaveText('Member + Spouse');
  await expect(form.getByLabel('Spouse Date of Birth')).toHaveValue('03/04/1985');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toBeHidden();
  await expect(page.locator('.filter-summary')).toContainText('Member + Spouse');
  await expect(cart).toHaveText(repriced ?? '');
});
