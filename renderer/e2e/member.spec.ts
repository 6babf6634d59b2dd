import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { addToCart, answerDependencyInfo, checkout, confirmHealthAnswers, noSeriousViolations, enrollBinary, openFirstPlan, repo, signAgreement, submitApplication, problem } from './helpers';

/** The member link of fixture member 5001 (Maria Alvarez) on `tier`, as `enroll member-link` prints it. */
function memberLink(tier: string): string {
  const printed = execFileSync(enrollBinary, ['member-link', '5001', tier], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: process.env.ENROLL_E2E_DATA_DIR ?? '', RUST_LOG: 'warn' },
  }).toString();
  return new URL(printed.trim()).pathname;
}

test('an existing member finds her profile, health records and dependents prefilled', async ({ page }) => {
  await page.goto('/member-benefit-store/bWVtYmVyOjUwMDE=/IS');
  await expect(page.getByText('This member link is not valid. Please ask for a new one.')).toBeVisible();

  await page.goto(memberLink('IS'));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await openFirstPlan(page);
  await answerDependencyInfo(page, { spouseDob: '08/02/1977' });
  await addToCart(page);
  await checkout(page);

  await expect(page.getByLabel('First Name')).toHaveValue('Maria');
  await expect(page.getByLabel('Last Name')).toHaveValue('Alvarez');
  await expect(page.getByLabel('Birth Date')).toHaveValue('05/20/1979');
  await page.getByLabel('Weight (lbs)').fill('140');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Height (inches)').fill('4');
  await page.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await expect(page.getByLabel('Social Security Number'), 'the number on file, masked: not typed again').toHaveValue('***-**-1001');
  await page.getByLabel('No prior Health Coverage').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByLabel('Email')).toHaveValue('maria.alvarez@example.com');
  await expect(page.getByLabel('Address 1')).toHaveValue('220 Bayshore Blvd');
  await page.getByLabel('Email').fill('kevin.tran@example.com');
  await page.getByLabel('Birth State').selectOption({ label: 'Florida' });
  await page.getByLabel('Birth City').fill('Miami');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(problem(page, /Email Already Exists\./)).toBeVisible();
  await page.getByLabel('Email').fill('maria.alvarez@example.com');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Health Questions', level: 1 })).toBeVisible();
  await expect(page.locator('#root_condition_questions_141_yes_no_flag-0'), 'Yes, from her records').toBeChecked();
  await expect(page.locator('#root_condition_questions_141_conditions_0_health_condition')).toHaveValue('Hypertension');
  await expect(page.locator('#root_medication_question_medications_0_medication')).toHaveValue('Lisinopril');
  await noSeriousViolations(page, 'prefilled health questions');
  await confirmHealthAnswers(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Dependent Information', level: 1 })).toBeVisible();
  await expect(page.getByText(/Dependent #1 Luis Alvarez, Spouse/)).toBeVisible();
  await expect(page.getByText(/Sofia/), 'Member + Spouse keeps only the spouse').toHaveCount(0);
  await expect(page.getByText('All set. Choose Next to continue.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await signAgreement(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // What is on file is offered first: the bank account, and once Credit Card is chosen, the card.
  await expect(page.getByRole('heading', { name: 'Billing Information', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Gulf Coast Federal Credit Union ****2311')).toBeChecked();
  await expect(page.getByLabel('Account Number')).toHaveValue('****2311');
  await page.getByLabel('Credit Card').check();
  await expect(page.getByLabel('Visa ending 1111, expires 09/2030')).toBeChecked();
  await expect(page.getByLabel('Card Number')).toHaveValue('****1111');
  await expect(page.getByLabel('Card Number')).toHaveAttribute('readonly', '');
  await page.getByLabel('Choose physical address').check();
  await noSeriousViolations(page, 'billing with a card on file');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('region', { name: /Billing Information/ }).getByText('****1111')).toBeVisible();
  await submitApplication(page);
  await expect(page.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
});
