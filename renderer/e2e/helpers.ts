// Steps the browser journeys share: filling the filter and the wizard's steps as a person would.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const repo = resolve(process.cwd(), '..');

/** The server's binary the journeys run: the debug build, or ENROLL_E2E_BINARY's (see playwright.config.ts). */
export const enrollBinary = resolve(repo, process.env.ENROLL_E2E_BINARY ?? 'target/debug/enroll');

/** A free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A second server of the store, for a journey that needs its own set-up (edited workflows, an SMTP relay): started
 * from the built binary on a free port with `env` over the usual environment, and ready when it answers.
 */
export async function startServer(env: Record<string, string>): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const server = spawn(enrollBinary, ['serve'], {
    cwd: repo,
    // The same build of the renderer as the journeys' own server (ENROLL_E2E_RENDERER_DIR, see playwright.config.ts).
    env: { ...process.env, PORT: String(port), RUST_LOG: 'warn', RENDERER_DIR: process.env.ENROLL_E2E_RENDERER_DIR ?? 'renderer/dist', ...env },
    stdio: 'inherit',
  });
  // Stopped when it has exited, so the journey may then remove its data directory.
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  const base = `http://localhost:${port}`;
  await expect
    .poll(async () => (await fetch(`${base}/api/v1/get-plan-category`).catch(() => null))?.status, { timeout: 30_000 })
    .toBe(200);
  return {
    base,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill();
      await exited;
    },
  };
}

export function dobOfAge(years: number): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(Math.min(d.getDate(), 28)).padStart(2, '0')}/${d.getFullYear() - years}`;
}

export async function noSeriousViolations(page: Page, name: string) {
  // With axe's experimental check that a control's name holds the text it shows (WCAG 2.5.3): a voice user says what
  // they see. Legacy mode runs axe in the page itself (the store's pages have no frames of another origin), where the
  // default opens a blank page to join the frames' results: 6-8 s a scan on this machine against 2 s, over a hundred
  // scans a run. Only the violations are read, so axe details nothing else.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${name}: ${v.id} ${v.help}`)).toEqual([]);
}

export async function fillFilter(page: Page, zip: string, dob: string) {
  await page.getByLabel('Zip Code').fill(zip);
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await page.getByLabel('DOB').pressSequentially(dob.replace(/\//g, ''));
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Personal Information filled for Dana Okafor, then Next. */
export async function fillPersonalInformation(page: Page) {
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Okafor');
  // Height and weight are asked only where a plan in the cart underwrites on them.
  if ((await page.getByLabel('Weight (lbs)').count()) > 0) {
    await page.getByLabel('Weight (lbs)').fill('165');
    await page.getByLabel('Height (feet)').fill('5');
    await page.getByLabel('Height (inches)').fill('7');
  }
  await page.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await page.getByLabel('Social Security Number').fill('123456789');
  await page.getByLabel('No prior Health Coverage').check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Contact Information filled, then Next. */
export async function fillContactInformation(page: Page) {
  await page.getByLabel('Email').fill('dana.okafor@example.com');
  await page.getByLabel('Phone').fill('4045550134');
  await page.getByLabel('Address 1').fill('12 Peachtree St NE');
  await page.getByLabel('Birth State').selectOption({ label: 'Georgia' });
  await page.getByLabel('Birth City').fill('Macon');
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Health Questions: each question not answered yet answered No (none starts answered: the person answers every one),
 * then the closing confirmation that each was read and answered truly.
 */
/**
 * Answers No to each yes-or-no question in `scope` the person has not answered (none starts answered): the journeys'
 * people are well unless a test says otherwise.
 */
export async function answerNoToTheRest(scope: Locator) {
  for (const group of await scope.getByRole('radiogroup').all()) {
    if ((await group.locator('input[type="radio"]:checked').count()) === 0) await group.getByRole('radio', { name: 'No', exact: true }).check();
  }
}

export async function confirmHealthAnswers(page: Page) {
  for (const no of await page.locator('input[type="radio"][id$="_yes_no_flag-1"]').all()) {
    const group = await no.getAttribute('name');
    if ((await page.locator(`input[type="radio"][name="${group}"]:checked`).count()) === 0) await no.check();
  }
  await page.getByLabel(/^I have read each question above, and my answers are true and complete/).check();
}

/** Health Questions: question 141 answered Yes with one detail entry and one medication; the rest stay No. */
export async function answerHealthQuestions(page: Page) {
  await expect(page.getByRole('heading', { name: 'Health Questions', level: 1 })).toBeVisible();
  // Yes is the first option of each question (index 0), No the second; neither is chosen for the person.
  await expect(page.locator('#root_condition_questions_141_yes_no_flag-0')).not.toBeChecked();
  await expect(page.locator('#root_condition_questions_141_yes_no_flag-1')).not.toBeChecked();
  await expect(page.locator('main input[type="radio"]:checked'), 'no health question starts answered').toHaveCount(0);
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
  await confirmHealthAnswers(page);
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * Scrolls the signature pad into view and waits for it to take ink: its code loads as it comes into view, and the
 * canvas says it is busy (`aria-busy`) until then.
 */
export async function padInView(pad: Locator) {
  await pad.scrollIntoViewIfNeeded();
  await expect(pad, 'the pad takes ink once it is in view').not.toHaveAttribute('aria-busy', 'true');
}

/** Agreement & Signature: every box ticked and a signature drawn on the pad. */
export async function signAgreement(page: Page) {
  await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();
  await agreeAndDraw(page);
}

/** The agreements' boxes ticked and a signature drawn on the pad: on the step, or on a link sent to sign it. */
export async function agreeAndDraw(page: Page) {
  for (const head of ['Accuracy of this application', 'Authorization to obtain information', 'Electronic signature and records']) {
    await page.getByLabel(head).check();
  }
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await padInView(pad);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 40, box.y + 100);
  await page.mouse.down();
  for (const [dx, dy] of [[80, 40], [140, 110], [220, 50], [300, 120]]) {
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 5 });
  }
  await page.mouse.up();
}

/** Billing Information: EFT from the fictional Peachtree Community Bank, its name looked up from the routing number. */
export async function payByEft(page: Page) {
  await expect(page.getByRole('heading', { name: 'Billing Information', level: 1 })).toBeVisible();
  await expect(page.getByLabel('EFT')).toBeChecked();
  await page.getByLabel('Routing Number').fill('011000015');
  await expect(page.getByText('No bank was found for routing number 011000015')).toBeVisible();
  await page.getByLabel('Routing Number').fill('061271001');
  await expect(page.getByLabel('Bank Name')).toHaveValue('Peachtree Community Bank');
  await page.getByLabel('Account Holder Name').fill('Dana Okafor');
  await page.getByLabel('Account Number').fill('000123456789');
  await page.locator('#root_account_type').selectOption({ label: 'Checking' });
  await page.locator('#root_account_holder_type').selectOption({ label: 'Individual' });
  await expect(page.getByLabel('Bill Date')).toHaveValue(/.+/);
  await noSeriousViolations(page, 'billing');
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Adds a beneficiary through the list editor: its form opens titled Beneficiary #N, Submit puts it on the list. */
export async function addBeneficiary(page: Page, n: number, first: string, share: string) {
  await page.getByRole('button', { name: 'Add Beneficiary' }).click();
  await expect(page.getByRole('heading', { name: `Beneficiary #${n}` })).toBeVisible();
  await page.locator('#root_beneficiaries_edit_first_name').fill(first);
  await page.locator('#root_beneficiaries_edit_last_name').fill('Okafor');
  await page.locator('#root_beneficiaries_edit_relationship').selectOption({ label: 'Child' });
  await page.locator('#root_beneficiaries_edit_beneficiary_percentage').fill(share);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(new RegExp(`Beneficiary #${n} ${first} Okafor`))).toBeVisible();
}

/**
 * From the plans the filter opened (medical): the first plan of `category` (another category's list is opened
 * first), added to the cart, checked out with `button` of the confirmation popup.
 */
export async function checkOutFirstPlan(page: Page, category = 'medical', button = 'Member Enrollment') {
  await expect(page).toHaveURL(/\/plans\?type=/);
  if (category !== 'medical') await page.goto(`/plans?type=${category}`);
  await openFirstPlan(page);
  await addToCart(page);
  await checkout(page, button);
  await expect(page.getByRole('heading', { name: 'Personal Information', level: 1 })).toBeVisible();
}

/**
 * The first plan's More Info in the plans page's listing: within its category sections, so that neither the
 * recommended panel beside the listing (its own More Info links, drawn first when the plans came before their
 * categories) nor the landing page's featured plans (still on screen for a moment after the quote form has moved the
 * address to /plans) are taken for it.
 */
export function firstPlanLink(page: Page) {
  return page.locator('section[aria-labelledby^="section-"]').getByRole('link', { name: /^More Info about / }).first();
}

/** Opens the listing's first plan. */
export async function openFirstPlan(page: Page) {
  await firstPlanLink(page).click();
}

/** Add to Cart on a plan page, then the offer that may follow (the accident offer): declined unless `accept`. */
export async function addToCart(page: Page, accept = false) {
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();
  const decline = page.getByRole('button', { name: 'No, thanks' });
  const cart = page.getByRole('heading', { name: 'My Cart' });
  await expect(decline.or(cart)).toBeVisible();
  if (await decline.isVisible()) {
    await noSeriousViolations(page, 'accident offer');
    await page.getByRole('button', { name: accept ? 'Add To Cart' : 'No, thanks' }).click();
  }
  await expect(cart).toBeVisible();
}

/** Proceed to Checkout: the upsells an applicant is offered are declined, then `button` on the confirmation. */
export async function checkout(page: Page, button = 'Member Enrollment') {
  await (await toCheckoutConfirmation(page, button)).click();
}

/** Proceed to Checkout, the upsells declined, up to the confirmation: answers its `button`, not yet pressed. */
export async function toCheckoutConfirmation(page: Page, button = 'Member Enrollment'): Promise<Locator> {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const confirm = page.getByRole('button', { name: button });
  const decline = page.getByRole('button', { name: /^No, I like (medical questions|waiting periods)\.$/ });
  for (let offers = 0; offers < 3; offers++) {
    await expect(decline.or(confirm)).toBeVisible();
    if (await confirm.isVisible()) break;
    // The offer answered leaves before the next step is looked at.
    const answered = (await decline.textContent()) ?? '';
    await decline.click();
    await expect(page.getByRole('button', { name: answered, exact: true })).toHaveCount(0);
  }
  await expect(page.getByText(/Your plans will be effective as of \d\d\/01\/\d{4}/)).toBeVisible();
  return confirm;
}

/** The dependency popup of a premier plan: the spouse's date of birth and/or the number of children. */
export async function answerDependencyInfo(page: Page, { spouseDob, children }: { spouseDob?: string; children?: string }) {
  await expect(page.getByRole('heading', { name: 'Dependency Info' })).toBeVisible();
  if (spouseDob) await page.getByLabel('Spouse Date of Birth').pressSequentially(spouseDob.replace(/\//g, ''));
  if (children) await page.getByLabel('Number of Children').selectOption({ label: children });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Dependency Info' })).toHaveCount(0);
}

export async function toPersonalInformation(page: Page) {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await checkOutFirstPlan(page);
}

/** The continue code from the newest e-mail to `to` that the server's outbox wrote. */
export async function codeMailedTo(to: string): Promise<string> {
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

/** What `enroll <command> <args>` prints, run against the journeys' server's data directory (its keys). */
export function enroll(...args: string[]): string {
  return execFileSync(enrollBinary, args, {
    cwd: repo,
    env: { ...process.env, DATA_DIR: process.env.ENROLL_E2E_DATA_DIR ?? '', RUST_LOG: 'warn' },
  })
    .toString()
    .trim();
}

/** Rep REP7781 (Jordan Whitfield) signed in by the rep dashboard's hand-off link, as `enroll rep-link` prints it. */
export async function signedInRep(page: Page) {
  await page.goto(new URL(enroll('rep-link', '7781')).pathname);
  await expect(page).toHaveURL(/\/agent-home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan Whitfield' })).toBeVisible();
}

/** The rep's sign-in code in an e-mail. */
const REP_SIGN_IN_CODE = /Your sign-in code for the Benefit Store is: (\d{6})/;
/** A group administrator's code to open the employer console, in an e-mail. */
export const ADMIN_SIGN_IN_CODE = /Your code to open your employer console at the Benefit Store is: (\d{6})/;

/** A member's code to see their policies, in an e-mail. */
export const MEMBER_SIGN_IN_CODE = /Your code to see your policies at the Benefit Store is: (\d{6})/;

/**
 * The sign-in code (a rep's, or as `pattern` finds it) from the newest e-mail to `to` that arrived after `since` (a
 * time in milliseconds).
 */
export async function signInCodeMailedTo(to: string, since: number, pattern: RegExp = REP_SIGN_IN_CODE): Promise<string> {
  const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
  for (let i = 0; i < 40; i++) {
    const newest = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => ({ path: join(dir, f), at: statSync(join(dir, f)).mtimeMs }))
      .filter((m) => m.at >= since)
      .sort((a, b) => b.at - a.at)
      .map((m) => readFileSync(m.path, 'utf8'))
      .filter((m) => m.includes(`To: ${to}`));
    const match = newest.map((m) => pattern.exec(m)).find(Boolean);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no sign-in code e-mailed to ${to}`);
}

/** The first match of `pattern` (its first group: a link's path) in the newest e-mail to `to` that has one, waited
 * for while the outbox delivers it. */
export async function pathMailedTo(to: string, pattern: RegExp): Promise<string> {
  const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
  for (let i = 0; i < 40; i++) {
    const newest = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => ({ path: join(dir, f), at: statSync(join(dir, f)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
      .map((m) => readFileSync(m.path, 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes(`To: ${to}`));
    const match = newest.map((m) => pattern.exec(m)).find(Boolean);
    if (match) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`nothing matching ${pattern} e-mailed to ${to}`);
}

/** The link to sign an application on one's own device, as a path, from the newest e-mail to `to`. */
export async function signingLinkMailedTo(to: string): Promise<string> {
  return pathMailedTo(to, /https?:\/\/[^/\s]+(\/sign\/[0-9a-f]+)/);
}

/** The direct-continue link, as a path, from the newest e-mail to `to`. */
export async function linkMailedTo(to: string): Promise<string> {
  const dir = join(process.env.ENROLL_E2E_DATA_DIR ?? '', 'outbox');
  const mails = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .filter((m) => m.includes(`To: ${to}`));
  const match = mails.map((m) => /https?:\/\/[^/\s]+(\/direct-continue\/\S+)/.exec(m)).find(Boolean);
  if (!match) throw new Error(`no link in the e-mail to ${to}`);
  return match[1];
}


/** The review's Submit Application, confirmed in the dialog it opens. */
export async function submitApplication(page: Page) {
  await page.getByRole('button', { name: 'Submit Application' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit your application?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit Application' }).click();
}

/** A refused step's problem: listed in the summary at the top as a link to its field (and said under the field). */
export function problem(page: Page, message: string | RegExp) {
  return page.getByRole('group', { name: /^Please correct \d+ problems?$/ }).getByRole('link', { name: message });
}
