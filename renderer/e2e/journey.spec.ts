import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

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

/** Personal Information filled for Dana Okafor, then Next. */
async function fillPersonalInformation(page: Page) {
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Weight (lbs)').fill('165');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Height (inches)').fill('7');
  await page.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await page.getByLabel('Social Security Number').fill('123456789');
  await page.getByLabel('No prior Health Coverage').check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Contact Information filled, then Next. */
async function fillContactInformation(page: Page) {
  await page.getByLabel('Email').fill('dana.okafor@example.com');
  await page.getByLabel('Phone').fill('4045550134');
  await page.getByLabel('Address 1').fill('12 Peachtree St NE');
  await page.getByLabel('Birth State').selectOption({ label: 'Georgia' });
  await page.getByLabel('Birth City').fill('Macon');
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Health Questions: question 141 answered Yes with one detail entry and one medication; the rest stay No. */
async function answerHealthQuestions(page: Page) {
  await expect(page.getByRole('heading', { name: 'Health Questions', level: 1 })).toBeVisible();
  // Yes is the first option of each question (index 0), No the default.
  await expect(page.locator('#root_condition_questions_141_yes_no_flag-1')).toBeChecked();
  await page.locator('#root_condition_questions_141_yes_no_flag-0').check();
  await page.locator('#root_condition_questions_141_conditions__add').click();
  await expect(page.getByRole('heading', { name: 'Detail #1' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Field is required').first()).toBeVisible();
  const detail = '#root_condition_questions_141_conditions_0';
  await page.locator(`${detail}_health_condition`).fill('Hypertension');
  await page.locator(`${detail}_date_of_onset`).pressSequentially('03102019');
  await page.locator(`${detail}_is_treatment-0`).check();
  await page.locator(`${detail}_is_medicate-0`).check();
  await page.locator(`${detail}_d_last_seen`).pressSequentially('09012026');
  await page.locator('#root_medication_question_yes_no_flag-0').check();
  await page.locator('#root_medication_question_medications__add').click();
  await page.locator('#root_medication_question_medications_0_medication').fill('Lisinopril');
  await page.locator('#root_medication_question_medications_0_dosage').fill('10 mg daily');
  await noSeriousViolations(page, 'health questions');
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Agreement & Signature: every box ticked and a signature drawn on the pad. */
async function signAgreement(page: Page) {
  await expect(page.getByRole('heading', { name: 'Agreement & Signature', level: 1 })).toBeVisible();
  for (const head of ['Accuracy of this application', 'Authorization to obtain information', 'Electronic signature and records']) {
    await page.getByLabel(head).check();
  }
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 40, box.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [140, 110], [220, 50], [300, 120]]) {
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 5 });
  }
  await page.mouse.up();
}

async function toPersonalInformation(page: Page) {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.getByRole('link', { name: /More Info/ }).first().click();
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Member Enrollment' }).click();
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
}

/** The continue code from the newest e-mail to `to` that the server's outbox wrote. */
async function codeMailedTo(to: string): Promise<string> {
  const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
  for (let i = 0; i < 40; i++) {
    const mails = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .filter((m) => m.includes(`To: ${to}`));
    const match = mails.map((m) => /Your enrollment code is: ([A-Z0-9]{8})/.exec(m)).find(Boolean);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no e-mail to ${to}`);
}

/** The direct-continue link, as a path, from the newest e-mail to `to`. */
async function linkMailedTo(to: string): Promise<string> {
  const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
  const mails = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(`To: ${to}`));
  const match = mails.map((m) => /https?:\/\/[^/\s]+(\/direct-continue\/\S+)/.exec(m)).find(Boolean);
  if (!match) throw new Error(`no link in the e-mail to ${to}`);
  return match[1];
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
  await fillPersonalInformation(page);

  await expect(page).toHaveURL(/\/enrollment\/contact-information/);
  await noSeriousViolations(page, 'contact information');

  // The routing table's short form opens the same page; what was saved comes back, the SSN masked.
  await page.goto('/enrollment/personal-info');
  await expect(page).toHaveURL(/\/enrollment\/personal-information/);
  await expect(page.getByLabel('First Name')).toHaveValue('Dana');
  await expect(page.getByLabel('Social Security Number')).toHaveValue('***-**-6789');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/enrollment\/contact-information/);
  await fillContactInformation(page);

  await expect(page).toHaveURL(/\/enrollment\/health-questions/);
  await answerHealthQuestions(page);

  await expect(page).toHaveURL(/\/enrollment\/agreement-signature/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Signature is required')).toBeVisible();
  await signAgreement(page);
  await noSeriousViolations(page, 'agreement and signature');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '1. Personal Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '3. Health Questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Agreement & Signature' })).toBeVisible();
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
  await expect(page.getByLabel('Zip Code'), 'what was typed stays for correcting').toHaveValue('3030');
});

test('an under-18 date of birth shows You must be 18 years to proceed', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(17));
  await expect(page.getByText('You must be 18 years to proceed')).toBeVisible();
});

test('save and continue later e-mails a code that resumes the enrollment in another browser', async ({ page, browser }) => {
  await toPersonalInformation(page);
  await page.getByLabel('First Name').fill('Robin');
  await page.getByRole('button', { name: 'Save & Continue Later' }).click();
  await page.getByLabel('Please enter the alternate email').fill('robin@');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Enter valid email address')).toBeVisible();
  await page.getByLabel('Please enter the alternate email').fill('robin.alt@example.com');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByText('Information Saved!!! Check your email to continue')).toBeVisible();
  await noSeriousViolations(page, 'save for later');

  const code = await codeMailedTo('robin.alt@example.com');
  const other = await browser.newContext();
  const resumed = await other.newPage();
  await resumed.goto('/continue-enrollment');
  await noSeriousViolations(resumed, 'continue enrollment');
  await resumed.getByLabel('Enrollment Code').fill(code);
  await resumed.getByLabel('Email').fill('robin.alt@example.com');
  await resumed.getByRole('button', { name: 'Continue' }).click();
  await expect(resumed).toHaveURL(/\/enrollment\/personal-information/);
  await expect(resumed.getByLabel('First Name')).toHaveValue('Robin');
  await other.close();

  // The link in the same e-mail opens it too, in yet another browser.
  const link = await linkMailedTo('robin.alt@example.com');
  const third = await browser.newContext();
  const linked = await third.newPage();
  await linked.goto(link);
  await expect(linked).toHaveURL(/\/enrollment\/personal-information/);
  await expect(linked.getByLabel('First Name')).toHaveValue('Robin');
  await third.close();
});

test('a life plan asks for beneficiaries whose shares must total 100', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await page.goto('/plans?type=term_life');
  await page.getByRole('link', { name: /More Info/ }).first().click();
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Member Enrollment' }).click();
  await fillPersonalInformation(page);
  await fillContactInformation(page);

  await expect(page.getByRole('heading', { name: 'Beneficiary Information', level: 1 })).toBeVisible();
  for (const [index, [first, share]] of [['Ada', '60'], ['Ben', '50']].entries()) {
    // The list starts with one empty beneficiary; Add makes room for the next.
    if ((await page.locator(`#root_beneficiaries_${index}_first_name`).count()) === 0) {
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await page.locator(`#root_beneficiaries_${index}_first_name`).fill(first);
    await page.locator(`#root_beneficiaries_${index}_last_name`).fill('Okafor');
    await page.locator(`#root_beneficiaries_${index}_relationship`).selectOption({ label: 'Child' });
    await page.locator(`#root_beneficiaries_${index}_beneficiary_percentage`).fill(share);
  }
  await noSeriousViolations(page, 'beneficiaries');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/add up to 110%, over 100%/)).toBeVisible();
  await page.locator('#root_beneficiaries_1_beneficiary_percentage').fill('40');
  await page.getByRole('button', { name: 'Next' }).click();
  // Life coverage asks the health questions; every answer left at No.
  await expect(page.getByRole('heading', { name: 'Health Questions', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await signAgreement(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '3. Beneficiary Information' })).toBeVisible();
});
