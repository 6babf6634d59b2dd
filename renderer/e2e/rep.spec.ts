import { expect, test } from '@playwright/test';
import { checkOutFirstPlan, dobOfAge, fillContactInformation, fillFilter, fillPersonalInformation, noSeriousViolations, signAgreement, submitApplication, problem } from './helpers';

test('a rep enrolls a new member of group 2556 with an enroller code, and the member pays by card', async ({ page }) => {
  await page.goto('/access-pagenext');
  await noSeriousViolations(page, 'access page');
  await page.getByLabel('Rep Access Code').fill('WRONG1');
  await page.getByRole('button', { name: 'Submit' }).first().click();
  await expect(page.getByText('Invalid Rep Access Code')).toBeVisible();
  await page.getByLabel('Rep Access Code').fill('REP7781');
  await page.getByRole('button', { name: 'Submit' }).first().click();
  await page.getByRole('button', { name: 'Confirm' }).click();

  // The rep's home: a new member, on a portal, employed by one of the rep's groups.
  await expect(page).toHaveURL(/\/agent-home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan Whitfield' })).toBeVisible();
  await page.getByRole('button', { name: 'New Member' }).click();
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please choose a group')).toBeVisible();
  await page.getByLabel('Choose an option to enroll a new member:').selectOption({ label: 'Peachtree Logistics' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await fillFilter(page, '30301', dobOfAge(40));
  await checkOutFirstPlan(page, 'dental', 'Rep Enrollment');
  await fillPersonalInformation(page);
  // Group 2556 credits its enrollments to an enroller.
  await expect(page.locator('#root_enroller_code__error')).toHaveText('Enter Enroller Code');
  // The code is the rep's own; who gives it and how to reach them, and what to do without one: no dead end.
  await expect(page.getByText(/enter the enroller code Peachtree Logistics gave you for its employees/)).toBeVisible();
  await expect(page.getByText(/ask the benefits administrator at Peachtree Logistics, at \(404\) 555-0188 or benefits@peachtreelogistics\.example\./)).toBeVisible();
  await expect(page.getByText(/No code yet\? Choose Save & Continue Later and come back with it/)).toBeVisible();
  await page.getByRole('button', { name: 'Enter Enroller Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enroller Code' });
  await dialog.getByLabel('Enroller Code').fill('EC 4471!');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid Enroller Code')).toBeVisible();
  await dialog.getByLabel('Enroller Code').fill('EC-4471');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enroller Code: EC-4471')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await fillContactInformation(page);

  await expect(page.getByRole('heading', { name: 'Employer Information', level: 1 })).toBeVisible();
  await expect(page.locator('#root_name'), 'prefilled from the group').toHaveValue('Peachtree Logistics');
  await page.locator('#root_average_work_week').selectOption({ label: '40 hours or more' });
  await page.locator('#root_employment_start_date').pressSequentially('03012019');
  await page.locator('#root_occupation').fill('Dispatcher');
  await page.locator('#root_compensation_type').selectOption({ label: 'Salary' });
  await page.locator('#root_employment_status').selectOption({ label: 'Retired' });
  // Said as soon as it is picked, not only on Next.
  await expect(page.getByRole('alert').filter({ hasText: 'You cannot proceed with retired employer' })).toBeVisible();
  await page.getByLabel('Standard 6 holidays').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(problem(page, /You cannot proceed with retired employer/)).toBeVisible();
  // An employee on COBRA is asked what led to it (the carrier's file says so), and only they are.
  const cobraEvent = page.getByLabel('What led to your COBRA coverage');
  await expect(cobraEvent).toHaveCount(0);
  await page.locator('#root_employment_status').selectOption({ label: 'COBRA' });
  await expect(cobraEvent).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(problem(page, /Please choose what led to your COBRA coverage/)).toBeVisible();
  await page.locator('#root_employment_status').selectOption({ label: 'Active' });
  await expect(cobraEvent).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();
  const verification = page.getByRole('region', { name: 'Broker, Group or Applicant Verification' });
  await expect(verification.locator('#root_agent_name')).toHaveValue('Jordan Whitfield');
  await expect(page.locator('#root_agent_code')).toHaveValue('REP7781');
  await signAgreement(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(problem(page, /Field is required/)).toBeVisible();
  await page.locator('#root_answer').fill('0134');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Billing Information', level: 1 })).toBeVisible();
  await page.getByLabel('Credit Card').check();
  await page.getByLabel('First Name on Card').fill('Dana');
  await page.getByLabel('Last Name on Card').fill('Okafor');
  // The browser's saved card can fill the card's fields (WCAG 1.3.5).
  await expect(page.getByLabel('Card Number')).toHaveAttribute('autocomplete', 'cc-number');
  await expect(page.getByLabel('Security Code')).toHaveAttribute('autocomplete', 'cc-csc');
  await page.getByLabel('Card Number').fill('4111111111111112');
  await page.locator('#root_expiration_month').selectOption({ label: '08' });
  await page.locator('#root_expiration_year').selectOption({ label: String(new Date().getFullYear() + 3) });
  await page.getByLabel('Security Code').fill('123');
  await page.getByLabel('Choose physical address').check();
  await expect(page.locator('#root_city')).toHaveValue('Atlanta');
  await noSeriousViolations(page, 'billing by card');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(problem(page, /Please enter a valid card number/)).toBeVisible();
  await page.getByLabel('Card Number').fill('4111111111111111');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('region', { name: /Billing Information/ }).getByText('****1111')).toBeVisible();
  await submitApplication(page);
  // The receipt is the rep's: of the member, by name, and on to the next member or back to the members list.
  await expect(page.getByRole('heading', { name: /’s application is submitted$/ })).toBeVisible();
  await expect(page.getByText(/The confirmation number is \d{10}/)).toBeVisible();
  await expect(page.getByText(/\(you\)|Thank you/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Enroll another member' })).toHaveAttribute('href', '/agent-home');
  await expect(page.getByRole('link', { name: 'Back to members' })).toHaveAttribute('href', '/agent-select-member');
  await noSeriousViolations(page, "the rep's receipt");
  for (const [width, height] of [[1280, 900], [390, 844]]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/rep-receipt-${width}.png`, fullPage: true });
  }
  await page.getByRole('link', { name: 'Back to members' }).click();
  await expect(page).toHaveURL(/\/agent-select-member$/);
});
