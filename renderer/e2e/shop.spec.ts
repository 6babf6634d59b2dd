// Shopping journeys: the popups on a premier plan, the accident offer and the checkout upsells; each pricing error code
// with its message; a rep straight to the confirmation, with a personalised quote by e-mail.
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dobOfAge, fillFilter, noSeriousViolations, openFirstPlan, signedInRep } from './helpers';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

test('an applicant answers eligibility, income and tobacco, adds a premier plan with its membership, takes the accident offer and the bundle', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'More Info about Harborstone Premier Health PPO' }).click();

  const eligibility = dialog(page, 'Eligibility Questions');
  await expect(eligibility).toBeVisible();
  await expect(page.getByRole('button', { name: /Add to Cart/ }), 'no Add to Cart before the questions').toHaveCount(0);
  await noSeriousViolations(page, 'eligibility popup');
  await page.locator('#root_q1-0').check();
  await page.locator('#root_q2-1').check();
  await page.locator('#root_q3-1').check();
  await eligibility.getByRole('button', { name: 'Continue' }).click();
  await expect(eligibility.getByText('*Answer should be Yes to continue')).toBeVisible();
  await expect(eligibility.getByText('Please answer yes in order to continue'), 'the form says so above its buttons').toBeVisible();
  await page.locator('#root_q2-0').check();
  await eligibility.getByRole('button', { name: 'Continue' }).click();

  const income = dialog(page, 'Annual Income');
  await expect(income.getByLabel('Annual Income ($)')).toBeVisible();
  await expect(income.getByText(/sufficient annual income/), 'nothing refused before the income is asked').toHaveCount(0);
  await income.getByLabel('Annual Income ($)').fill('52000');
  await income.getByLabel('Working Hours per Week').fill('40');
  await income.getByRole('button', { name: 'Continue' }).click();

  const tobacco = dialog(page, 'Tobacco Usage');
  await expect(tobacco.getByText(/^Tobacco usage required/)).toBeVisible();
  await noSeriousViolations(page, 'tobacco popup');
  await page.locator('#root_is_smoker-1').check();
  await tobacco.getByRole('button', { name: 'Continue' }).click();

  const membership = dialog(page, 'Membership Options');
  await expect(membership.getByText('Harborstone Members Association (Association Membership) - $5.00 per month')).toBeVisible();
  await page.locator('#root_membership-0').check();
  await membership.getByRole('button', { name: 'Choose Membership' }).click();

  // 450.00 x 1.278 (age 40) x 1.03 (administrative fee) = $592.35 for a non-smoker.
  await expect(page.getByRole('cell', { name: '$592.35' })).toBeVisible();
  await expect(page.getByText('Quotes, prices and/or rates displayed include 3% Administrative fees.')).toBeVisible();
  await noSeriousViolations(page, 'premier plan priced');
  await page.getByRole('button', { name: /Add to Cart/ }).click();

  // The offer proposes the cheapest accident plan this person can buy, whichever the catalogue holds: its name and price
  // are read from the offer and followed into the cart.
  const accident = dialog(page, 'Protect yourself from the unexpected');
  const offered = accident.getByRole('listitem');
  await expect(offered).toHaveCount(1);
  await expect(offered).toHaveText(/^.+ \(.+\): \$\d+\.\d\d\/mo$/);
  const [, accidentPlan, accidentPrice] = /^(.+) \(.+\): \$(\d+\.\d\d)\/mo$/.exec((await offered.textContent()) ?? '') ?? [];
  await noSeriousViolations(page, 'accident offer');
  await accident.getByRole('button', { name: 'Add To Cart' }).click();

  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('cell', { name: /Harborstone Premier Health PPO/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: accidentPlan }).first()).toBeVisible();
  await expect(page.getByText('Harborstone Members Association: $5.00'), 'the membership, in the order panel only').toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Harborstone Members Association' })).toHaveCount(0);
  // 592.35 + 5.00 + the accident plan's price a month.
  await expect(page.locator('.order-info dd').first()).toHaveText(`$${(592.35 + 5 + Number(accidentPrice)).toFixed(2)}`);
  // The header's badge follows the offer taken, without a reload: the same amount as the order.
  await expect(page.getByRole('link', { name: `Cart, 3 items, $${(592.35 + 5 + Number(accidentPrice)).toFixed(2)}` })).toBeVisible();
  await noSeriousViolations(page, 'cart with a premier plan');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const life = dialog(page, 'Term life with no medical exam');
  await expect(life).toBeVisible();
  await noSeriousViolations(page, 'term life upsell');
  await life.getByRole('button', { name: 'No, I like medical questions.' }).click();
  const bundle = dialog(page, 'Vision and dental together');
  await expect(bundle.getByText(/Fairmeadow ClearView/)).toBeVisible();
  await expect(bundle.getByText(/Fairmeadow Dental Essentials HMO/)).toBeVisible();
  await bundle.getByRole('button', { name: 'Add To Cart' }).click();
  const confirm = dialog(page, 'Ready to enroll?');
  await expect(confirm.getByText(/Your plans will be effective as of \d\d\/01\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('link', { name: /Cart, 5 items/ })).toBeVisible();
  await confirm.getByRole('button', { name: 'Member Enrollment' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
});

/** A quote made through the API in the page's own session, opened as the page would keep it. */
async function quoteFor(page: Page, filter: Record<string, string>, after?: (id: number) => Promise<void>): Promise<number> {
  await page.goto('/404');
  // The page has its session once it shows (it asks whose site it is first): the quote is made in that session.
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
  const made = await page.request.post('/api/v1/add-filter-for-new-user', { data: { zip: '30301', gender: '1', tier: 'IO', dob: dobOfAge(40), ...filter } });
  const id = ((await made.json()) as { data: { temp_enrollment_id: number } }).data.temp_enrollment_id;
  if (after) await after(id);
  await page.evaluate((value) => localStorage.setItem('tempId', String(value)), id);
  return id;
}

const codes: { code: string; pid: number; filter?: Record<string, string>; change?: Record<string, unknown>; spouse?: string; message: string | RegExp }[] = [
  { code: 'salaryError', pid: 1901, change: { annual_incode: 1000, working_hours: 40 }, message: 'Please enter a sufficient annual income to add product to the cart' },
  { code: 'hourError', pid: 1901, change: { annual_incode: 60000, working_hours: 10 }, message: /^Please enter sufficient working hours/ },
  { code: 'stateError', pid: 1302, filter: { zip: '10001' }, message: 'Plan not available in your state. Please change the state by editing your basic info above.' },
  { code: 'tierError', pid: 1401, filter: { tier: 'IS' }, message: /^Plan not available for this tier\. Please change the tier/ },
  { code: 'ageError', pid: 1301, filter: { dob: dobOfAge(70) }, message: /^Plan not available for selected age group/ },
  { code: 'metError', pid: 1502, filter: { zip: '31401' }, message: /^Plan not available in the area/ },
  { code: 'smokerError', pid: 1303, change: { annual_incode: 60000, working_hours: 40 }, message: /^Tobacco usage required/ },
  { code: 'planAgeError', pid: 1301, filter: { tier: 'IS' }, spouse: dobOfAge(70), message: "This plan covers a spouse aged 18 to 64 only. Please change the spouse's date of birth." },
  { code: 'portalError', pid: 1802, message: 'This plan is not offered on your enrollment platform.' },
  { code: 'newQuestionsError', pid: 1403, message: /^Please answer a few health questions/ },
];

for (const c of codes) {
  test(`the ${c.code} filter shows its message on the plan`, async ({ page }) => {
    await quoteFor(page, c.filter ?? {}, async (id) => {
      if (c.change) await page.request.put(`/api/v1/change-filter-info/${id}`, { data: c.change });
      if (c.spouse) await page.request.post('/api/v1/store-temp-dependent-info', { data: { enrollment_id: id, plan_id: c.pid, dep_dob: c.spouse } });
    });
    await page.goto(`/plan/${c.pid}/plan`);
    await expect(page.locator(`.error[data-code="${c.code}"]`)).toHaveText(c.message);
  });
}

test('a plan that needs the income shows no error before the income is asked, only what gives its price', async ({ page }) => {
  await quoteFor(page, {});
  await page.goto('/plan/1901/plan');
  const income = page.getByRole('dialog', { name: 'Annual Income' });
  await expect(income.getByLabel(/^Annual Income/)).toBeVisible();
  await expect(page.getByText(/sufficient annual income/), 'no refusal before the income is asked').toHaveCount(0);
  await income.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText("Your annual income and the hours you work decide this plan's price: answer a few questions to see it.")).toBeVisible();
  await expect(page.locator('.error'), 'no error before anything was asked').toHaveCount(0);
});

test('a retired plan (changePid) opens the plan that replaced it', async ({ page }) => {
  await quoteFor(page, {});
  await page.goto('/plan/1399/harborstone-premier-health-ppo-2025');
  await expect(page).toHaveURL(/\/plan\/1303\//);
  await expect(page.getByRole('heading', { name: 'Harborstone Premier Health PPO', level: 1 })).toBeVisible();
});

test('a quote that is not found (enrollmentIdError) says so', async ({ page }) => {
  await page.goto('/404');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('tempId', '999999'));
  await page.goto('/plan/1301/harborstone-silver-choice-ppo');
  await expect(page.locator('.error[data-code="enrollmentIdError"]')).toHaveText('Your quote could not be found. Please enter your basic info again to see prices.');
});

test('health questions start with Enroll Now; a knock-out answer declines for good, and clean answers price the plan', async ({ page }) => {
  await quoteFor(page, {});
  await page.goto('/plan/1403/northgate-optional-life');
  await expect(page.getByRole('cell', { name: '$21.00' })).toBeVisible();
  await page.getByRole('button', { name: 'Enroll Now' }).first().click();
  const health = dialog(page, 'Health Questions');
  await health.getByRole('button', { name: 'Submit Answers' }).click();
  await expect(health.getByText('Please answer all questions').first()).toBeVisible();
  await page.locator('#root_q901-0').check();
  await page.locator('#root_q902-1').check();
  await page.locator('#root_q903-1').check();
  await health.getByRole('button', { name: 'Submit Answers' }).click();
  // The decline stands for this application: no answers can be given again, the popup only closes.
  await expect(health.getByText(/^Based on your answers we cannot offer this plan online/)).toBeVisible();
  // Announced, not only shown: it appears in the dialog's status region, which a screen reader reads out.
  await expect(health.getByRole('status').filter({ hasText: /^Based on your answers we cannot offer this plan online/ })).toBeVisible();
  await expect(health.getByText(/This decision stands for this application/)).toBeVisible();
  await expect(health.getByRole('button')).toHaveText(['Close']);
  await noSeriousViolations(page, 'health questions declined');
  await health.getByRole('button', { name: 'Close' }).click();
  await expect(health).toBeHidden();
  await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);

  // Another application, answered clean, qualifies.
  await quoteFor(page, {});
  await page.goto('/plan/1403/northgate-optional-life');
  await page.getByRole('button', { name: 'Enroll Now' }).first().click();
  await page.locator('#root_q901-1').check();
  await page.locator('#root_q902-1').check();
  await page.locator('#root_q903-1').check();
  await dialog(page, 'Health Questions').getByRole('button', { name: 'Submit Answers' }).click();
  await expect(page.getByText(/^Thank you\. Your answers qualify you for this plan/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Add to Cart/ }).first()).toBeVisible();
});

test('a rep checks out straight to the confirmation and sends a personalised quote by e-mail', async ({ page }) => {
  // A quote goes out in the rep's name: the rep signs in (the dashboard's link), not only gives the access code.
  await signedInRep(page);
  await page.getByRole('button', { name: 'New Member' }).click();
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByLabel('Choose an option to enroll a new member:').selectOption({ label: 'Peachtree Logistics' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  await openFirstPlan(page);
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();

  await page.getByRole('button', { name: 'Send Personalized Quote' }).click();
  const quote = dialog(page, 'Send Personalized Quote');
  await expect(quote.getByText('Please enter details you want to send quote to?')).toBeVisible();
  await quote.getByLabel('Name').fill('Ana 2');
  await quote.getByLabel('Email').fill('ana@');
  await quote.getByRole('button', { name: 'Send' }).click();
  await expect(quote.getByText('Please enter valid name')).toBeVisible();
  await expect(quote.getByText('Please enter valid email address')).toBeVisible();
  await quote.getByLabel('Name').fill('Ana Ruiz');
  await quote.getByLabel('Email').fill('ana.ruiz@example.com');
  await quote.getByLabel('Message').fill('The dental plan we talked about.');
  await quote.getByRole('button', { name: 'Preview' }).click();
  await expect(quote.getByText(/Hello Ana Ruiz,/)).toBeVisible();
  await noSeriousViolations(page, 'quote preview');
  await quote.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Quote Successfully Sent to ana.ruiz@example.com').first()).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await expect
    .poll(() => {
      const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
      return readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, ''))
        .some((m) => m.includes('To: ana.ruiz@example.com') && m.includes('Brightbite Dental Preferred PPO'));
    }, { timeout: 20_000 })
    .toBe(true);

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const confirm = dialog(page, 'Ready to enroll?');
  await expect(confirm.getByText(/Your plans will be effective as of/)).toBeVisible();
  await expect(page.getByRole('button', { name: /No, I like/ }), 'no upsells for a rep').toHaveCount(0);
  await confirm.getByRole('button', { name: 'Rep Enrollment' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
});

test('an employer-sponsored plan asks the group code, confirms the employer, then asks its own questions', async ({ page }) => {
  await quoteFor(page, {});
  await page.goto('/plan/1902/fairmeadow-short-term-disability');
  const code = dialog(page, 'Group Code');
  await code.getByLabel('Group Enrollment Code').fill('NOPE');
  await code.getByRole('button', { name: 'Continue' }).click();
  await expect(code.getByText('Invalid Group Enrollment Code')).toBeVisible();
  await code.getByLabel('Group Enrollment Code').fill('PEACH2556');
  await code.getByRole('button', { name: 'Continue' }).click();
  const confirm = dialog(page, 'Confirm Your Employer');
  await expect(confirm.getByText('Is Peachtree Logistics your employer?')).toBeVisible();
  await noSeriousViolations(page, 'confirm the employer');
  await page.locator('#root_confirm-0').check();
  await confirm.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page, 'Annual Income')).toBeVisible();
});

test('an employee enters the group enrollment code from the footer, confirms the company and shops under the group', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Employee Enrollment' }).click();
  const modal = dialog(page, 'Employee Enrollment');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText('Field is required')).toBeVisible();
  await modal.getByLabel('Group Enrollment Code').fill('NOPE');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText('Invalid Group Enrollment Code')).toBeVisible();
  await modal.getByLabel('Group Enrollment Code').fill('PEACH2556');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByText('Is Peachtree Logistics your employer?')).toBeVisible();
  await noSeriousViolations(page, 'employee enrollment');
  await modal.getByRole('button', { name: 'Yes' }).click();

  // Yes opens the group's own site, in its branding, with the employer named in the header.
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Peachtree Logistics Benefits' })).toBeVisible();
  await expect(header.getByText('Your Employer Group: Peachtree Logistics')).toBeVisible();
  await page.getByRole('button', { name: 'Start Enrollment' }).click();
  const portal = dialog(page, 'Choose Enrollment Portal');
  await portal.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await portal.getByRole('button', { name: 'Submit' }).click();
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await expect(header.getByText('Your Employer Group: Peachtree Logistics')).toBeVisible();
  // The group pays every two weeks: each price also says what it takes from a paycheck.
  await expect(page.getByText(/^\$[\d,]+\.\d\d per paycheck \(every two weeks\)$/).first()).toBeVisible();
});

test('an income refused, then answered again, leaves no refusal on the plan behind the popups that follow', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'More Info about Harborstone Premier Health PPO' }).click();
  await page.locator('#root_q1-0').check();
  await page.locator('#root_q2-0').check();
  await page.locator('#root_q3-1').check();
  await dialog(page, 'Eligibility Questions').getByRole('button', { name: 'Continue' }).click();
  const income = dialog(page, 'Annual Income');
  await income.getByLabel('Annual Income ($)').fill('1000');
  await income.getByLabel('Working Hours per Week').fill('40');
  await income.getByRole('button', { name: 'Continue' }).click();
  await expect(income.getByText('Please enter a sufficient annual income to add product to the cart')).toBeVisible();
  // Closed, the page says why the plan cannot be added; the income popup comes back to be answered again.
  await income.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.error[data-code="salaryError"]')).toBeVisible();
  const again = dialog(page, 'Annual Income');
  await again.getByLabel('Annual Income ($)').fill('52000');
  await again.getByLabel('Working Hours per Week').fill('40');
  await again.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page, 'Tobacco Usage')).toBeVisible();
  await expect(page.locator('.error[data-code="salaryError"]'), 'the refusal answered is gone from behind the next popup').toHaveCount(0);
  await page.locator('#root_is_smoker-1').check();
  await dialog(page, 'Tobacco Usage').getByRole('button', { name: 'Continue' }).click();
  await expect(dialog(page, 'Membership Options')).toBeVisible();
  await expect(page.getByText('Please enter a sufficient annual income to add product to the cart')).toHaveCount(0);
});
