import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

function dobOfAge(years: number): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(Math.min(d.getDate(), 28)).padStart(2, '0')}/${d.getFullYear() - years}`;
}

async function noSeriousViolations(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} ${v.help}`)).toEqual([]);
}

async function fillFilter(page: Page, zip: string, dob: string) {
  await page.getByLabel('Zip Code').fill(zip);
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await page.getByLabel('DOB').pressSequentially(dob.replace(/\//g, ''));
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('an applicant goes from the filter to a receipt with a confirmation number', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await noSeriousViolations(page, 'landing');
  await fillFilter(page, '30301', dobOfAge(40));

  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await noSeriousViolations(page, 'plans');
  await page.getByRole('link', { name: /More Info/ }).first().click();

  await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
  await noSeriousViolations(page, 'plan detail');
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();

  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await noSeriousViolations(page, 'cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByText(/Your plans will be effective as of \d\d\/01\/\d{4}/)).toBeVisible();
  await page.getByRole('button', { name: 'Member Enrollment' }).click();

  await expect(page).toHaveURL(/\/enrollment\/personal-information/);
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
  await noSeriousViolations(page, 'personal information');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Weight (lbs)').fill('165');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Height (inches)').fill('7');
  await page.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await page.getByLabel('Social Security Number').fill('123456789');
  await page.getByLabel('No prior Health Coverage').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/enrollment\/contact-information/);
  await noSeriousViolations(page, 'contact information');
  await page.getByLabel('Email').fill('dana.okafor@example.com');
  await page.getByLabel('Phone').fill('4045550134');
  await page.getByLabel('Address 1').fill('12 Peachtree St NE');
  await page.getByLabel('Birth State').selectOption({ label: 'Georgia' });
  await page.getByLabel('Birth City').fill('Macon');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '1. Personal Information' })).toBeVisible();
  await expect(page.getByText('First Month Total Cost')).toBeVisible();
  await noSeriousViolations(page, 'review');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/enrollment\/receipt/);
  await expect(page.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
  await noSeriousViolations(page, 'receipt');
});

test('a four-digit zip shows Invalid Zip code', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '3030', dobOfAge(40));
  await expect(page.getByText('Invalid Zip code')).toBeVisible();
});

test('an under-18 date of birth shows You must be 18 years to proceed', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(17));
  await expect(page.getByText('You must be 18 years to proceed')).toBeVisible();
});
