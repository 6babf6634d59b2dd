import { expect, test } from '@playwright/test';
import { ADMIN_SIGN_IN_CODE, addToCart, answerNoToTheRest, checkout, confirmHealthAnswers, enroll, noSeriousViolations, pathMailedTo, payByEft, signAgreement, signInCodeMailedTo, submitApplication } from './helpers';

/** A day as the date inputs take it. */
function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const CENSUS = [
  'First name,Last name,Date of birth,ZIP code,E-mail,Hire date,Hours a week,Class,Yearly salary',
  'José,Álvarez,04/15/1985,30318,jose@example.com,03/01/2019,40,Drivers,"$52,000"',
  'Zoë,Li,1992-01-07,02134,zoe@example.com,2024-06-10,37.5,,',
].join('\n');

test('a group administrator sets the plan year and contribution, uploads a census (a bad one refused by row), quotes it beside a what-if and invites the employees; one waives, the other enrolls at his net price and the participation reads 1 of 2 enrolled', async ({ page, browser }) => {
  const link = new URL(enroll('group-admin-link', '2556'));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('link', { name: /Run your open enrollment/ }).click();
  await expect(page.getByRole('heading', { name: 'Peachtree Logistics: open enrollment' })).toBeVisible();

  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear() + (today.getUTCMonth() === 11 ? 1 : 0), (today.getUTCMonth() + 1) % 12, 1));
  await page.getByLabel('Plan year starts (the first of a month)').fill(iso(start));
  await page.getByLabel('Open enrollment opens').fill(iso(new Date(today.getTime() - 86_400_000)));
  await page.getByLabel('Open enrollment closes').fill(iso(new Date(start.getTime() - 86_400_000)));
  await page.getByLabel('Offer Dental Plans').check();
  await page.getByLabel(/^Brightbite Dental Preferred PPO/).check();
  // Below the 25% Brightbite asks: refused at the field, in the carrier's terms.
  await page.getByLabel('Of each employee’s own premium (%)').fill('10');
  await page.getByRole('button', { name: 'Save the plan year and coverage' }).click();
  await expect(page.getByText(/ask the employer to pay at least 25% of each employee's own premium/)).toBeVisible();
  await page.getByLabel('Of each employee’s own premium (%)').fill('50');
  await page.getByRole('button', { name: 'Save the plan year and coverage' }).click();
  await expect(page.getByText(/^Last saved /)).toBeVisible();

  const census = page.getByLabel('Census file');
  await census.setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(`${CENSUS}\nAna,Silva,1990-02-03,94110,ana at example.com,2024-05-06,32,,\n`) });
  await page.getByRole('button', { name: 'Upload the census' }).click();
  await expect(page.getByText('Row 4, column “E-mail”: Please enter an e-mail address such as name@example.com')).toBeVisible();
  await expect(page.getByText('No employee yet: upload your census or add one.')).toBeVisible();
  await census.setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(CENSUS) });
  await page.getByRole('button', { name: 'Upload the census' }).click();
  await expect(page.getByText('Census imported: 2 added, 0 brought up to date; 2 employees in all.')).toBeVisible();
  await expect(page.getByRole('rowheader', { name: /José Álvarez/ })).toBeVisible();
  await expect(page.getByText('0 of 2 enrolled, 0 waived, 2 not started')).toBeVisible();

  await page.getByLabel('Compare with paying this share of each employee’s premium (%)').fill('100');
  await page.getByRole('button', { name: 'Quote the census' }).click();
  const quoted = page.getByRole('table').last();
  await expect(quoted.getByRole('row').filter({ hasText: 'At 100%' })).toContainText('$0.00');
  await noSeriousViolations(page, 'employer console');
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/employer-console-${width}.png`, fullPage: true });
  }

  await page.getByRole('button', { name: 'E-mail each eligible employee their invitation' }).click();
  await expect(page.getByText(/^2 invitations sent; 0 left out/)).toBeVisible();

  // Zoë opens her invitation in a browser of her own: no code to type; she is covered by her spouse's plan.
  const zoe = await (await browser.newContext()).newPage();
  await zoe.goto(await pathMailedTo('zoe@example.com', /https?:\/\/[^/\s]+(\/invitation\?token=[A-Za-z0-9_-]+)/));
  await expect(zoe.getByRole('heading', { name: 'Welcome, Zoë' })).toBeVisible();
  await expect(zoe.getByText(/^You can enroll until \d\d\/\d\d\/\d{4}; your coverage starts on/)).toBeVisible();
  await expect(zoe.getByRole('link', { name: 'Choose your plans' })).toHaveAttribute('href', '/peachtree-logistics');
  await zoe.getByLabel("I am covered by my spouse's or partner's plan").check();
  await zoe.getByRole('button', { name: 'Waive the coverage' }).click();
  await expect(zoe.getByText(/^You waived your employer’s coverage/)).toBeVisible();
  await noSeriousViolations(zoe, 'invitation');
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await zoe.setViewportSize({ width, height });
    await zoe.screenshot({ path: `test-results/employee-invitation-${width}.png`, fullPage: true });
  }

  await page.reload();
  await expect(page.getByText('0 of 2 enrolled, 1 waived, 1 not started')).toBeVisible();

  // José follows his invitation to the group's plans, reads the dental plan's price net of his employer's share a
  // month and a paycheck, and enrolls.
  const jose = await (await browser.newContext()).newPage();
  await jose.goto(await pathMailedTo('jose@example.com', /https?:\/\/[^/\s]+(\/invitation\?token=[A-Za-z0-9_-]+)/));
  await expect(jose.getByRole('heading', { name: 'Welcome, José' })).toBeVisible();
  await jose.getByRole('link', { name: 'Choose your plans' }).click();
  await jose.getByRole('button', { name: 'Start Enrollment' }).click();
  await jose.getByRole('dialog', { name: 'Choose Enrollment Portal' }).getByLabel('Enrollment Portal').selectOption({ label: 'Harborstone Worksite Portal' });
  await jose.getByRole('dialog', { name: 'Choose Enrollment Portal' }).getByRole('button', { name: 'Submit' }).click();
  await jose.getByLabel('Zip Code').fill('30318');
  await jose.getByLabel('Gender').selectOption({ label: 'Male' });
  await jose.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await jose.getByLabel('DOB').pressSequentially('04151985');
  await jose.getByRole('button', { name: 'Submit' }).click();
  await expect(jose).toHaveURL(/\/plans\?type=/);
  await jose.goto('/plans?type=dental');
  await jose.getByRole('link', { name: /^More Info about Brightbite Dental Preferred PPO/ }).first().click();
  await expect(jose.getByText(/^Your employer pays \$\d+\.\d\d a month: you pay \$\d+\.\d\d, \$\d+\.\d\d per paycheck/).first()).toBeVisible();
  await noSeriousViolations(jose, 'plan page at the net price');
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await jose.setViewportSize({ width, height });
    await jose.screenshot({ path: `test-results/employee-plan-net-${width}.png`, fullPage: true });
  }
  await addToCart(jose);
  await checkout(jose);
  await expect(jose.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
  await jose.getByLabel('First Name').fill('José');
  await jose.getByLabel('Last Name').fill('Álvarez');
  await jose.getByLabel('Marital Status').selectOption({ label: 'Single' });
  await jose.getByLabel('Social Security Number').fill('123456780');
  if ((await jose.getByLabel('No prior Health Coverage').count()) > 0) await jose.getByLabel('No prior Health Coverage').check();
  // Peachtree's employees give the enroller code their employer gave them.
  await jose.getByRole('button', { name: 'Enter Enroller Code' }).click();
  const code = jose.getByRole('dialog', { name: 'Enroller Code' });
  await code.getByLabel('Enroller Code').fill('EC-4471');
  await code.getByRole('button', { name: 'Save' }).click();
  await expect(jose.getByText('Enroller Code: EC-4471')).toBeVisible();
  await jose.getByRole('button', { name: 'Next' }).click();
  await expect(jose).toHaveURL(/\/enrollment\/contact-information/);
  await jose.getByLabel('Email').fill('jose@example.com');
  await jose.getByLabel('Phone').fill('4045550177');
  await jose.getByLabel('Address 1').fill('40 Marietta St NW');
  await jose.getByLabel('Birth State').selectOption({ label: 'Georgia' });
  await jose.getByLabel('Birth City').fill('Atlanta');
  await jose.getByRole('button', { name: 'Next' }).click();
  await expect(jose.getByRole('heading', { level: 1 })).not.toHaveText('Contact Information');
  for (let step = 0; step < 6; step++) {
    const title = (await jose.getByRole('heading', { level: 1 }).textContent()) ?? '';
    if (/Review/.test(title)) break;
    if (/Employer Information/.test(title)) {
      await expect(jose.locator('#root_name'), 'prefilled from the group').toHaveValue('Peachtree Logistics');
      await jose.locator('#root_average_work_week').selectOption({ label: '40 hours or more' });
      await jose.locator('#root_employment_start_date').pressSequentially('03012019');
      await jose.locator('#root_occupation').fill('Driver');
      await jose.locator('#root_compensation_type').selectOption({ label: 'Salary' });
      await jose.locator('#root_employment_status').selectOption({ label: 'Active' });
      await jose.getByLabel('Standard 6 holidays').check();
    } else if (/Health Questions/.test(title)) {
      await answerNoToTheRest(jose.locator('form'));
      await confirmHealthAnswers(jose);
    } else if (/Agreement/.test(title)) {
      await signAgreement(jose);
    } else if (/Billing Information/.test(title)) {
      await payByEft(jose);
    }
    if (!/Billing Information/.test(title)) await jose.getByRole('button', { name: 'Next' }).click();
    await expect(jose.getByRole('heading', { level: 1 })).not.toHaveText(title);
  }
  await expect(jose).toHaveURL(/\/enrollment\/review-confirm/);
  await submitApplication(jose);
  await expect(jose.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
  // The receipt keeps the price he chose by: net of his employer's share, a month and a paycheck.
  await expect(jose.locator('.receipt-plans tbody').getByText(/^Your employer pays \$\d+\.\d\d a month: you pay \$\d+\.\d\d, \$\d+\.\d\d per paycheck/)).toBeVisible();
  await expect(jose.locator('.receipt-plans tfoot').getByText(/^Your employer pays \$\d+\.\d\d a month: you pay/)).toBeVisible();

  await page.reload();
  await expect(page.getByText('1 of 2 enrolled, 1 waived, 0 not started')).toBeVisible();

  // This pay period's deduction file: made once, listed with its counts (José's dental plan is new).
  await page.getByRole('button', { name: 'Make this pay period’s file' }).click();
  await expect(page.getByRole('link', { name: /^Pay period \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/ })).toBeVisible();
  await expect(page.getByText(/^\(1 deductions?: 1 new, 0 changed, 0 stopped\)$/)).toBeVisible();

  // The administrator, at another desk without the group's link, signs in by a code sent to the group's address.
  const desk = await browser.newPage();
  await desk.goto('/employer');
  await expect(desk.getByRole('heading', { name: 'Sign in to your employer console' })).toBeVisible();
  const asked = Date.now();
  await desk.getByLabel('E-mail address').fill('benefits@peachtreelogistics.example');
  await desk.getByRole('button', { name: 'Send me a code' }).click();
  await expect(desk.getByText(/^If b••••@peachtreelogistics\.example is a group’s address on file, a code is on its way/)).toBeVisible();
  await noSeriousViolations(desk, 'the administrator signing in by code');
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await desk.setViewportSize({ width, height });
    await desk.screenshot({ path: `test-results/employer-sign-in-${width}.png`, fullPage: true });
  }
  await desk.getByLabel('The code from the e-mail').fill(await signInCodeMailedTo('benefits@peachtreelogistics.example', asked, ADMIN_SIGN_IN_CODE));
  await desk.getByRole('button', { name: 'Open my console' }).click();
  await expect(desk.getByRole('heading', { name: 'Peachtree Logistics: open enrollment' })).toBeVisible();
  await expect(desk.getByText('1 of 2 enrolled, 1 waived, 0 not started')).toBeVisible();
});
