import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkOutFirstPlan,
  dobOfAge,
  fillContactInformation,
  fillPersonalInformation,
  freePort,
  noSeriousViolations,
  payByEft,
  signAgreement,
  startServer,
  submitApplication,
} from './helpers';

/** aiosmtpd, a real SMTP server, on loopback, keeping what it receives in a maildir (make test installs it). */
async function smtpServer(mailbox: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn('python3', ['-m', 'aiosmtpd', '-n', '-l', `127.0.0.1:${port}`, '-c', 'aiosmtpd.handlers.Mailbox', mailbox], { stdio: 'inherit' });
  await expect.poll(() => new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => { socket.end(); resolve(true); });
    socket.on('error', () => resolve(false));
  }), { timeout: 15_000 }).toBe(true);
  return { port, child };
}

/** The continue code in the newest message to `to` that the SMTP server received. */
async function codeReceivedBy(mailbox: string, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const folder = join(mailbox, 'new');
        if (!existsSync(folder)) return '';
        const mails = readdirSync(folder)
          .map((f) => readFileSync(join(folder, f), 'utf8').replace(/=\r?\n/g, ''))
          .filter((m) => m.includes(to));
        code = mails.map((m) => /Your enrollment code is: ([A-Z0-9]{8})/.exec(m)?.[1]).find(Boolean) ?? '';
        return code;
      },
      { timeout: 30_000, message: `an e-mail to ${to} reaches the SMTP server` },
    )
    .not.toBe('');
  return code;
}

test('save and continue later on the dependents step: the code arrives over SMTP and resumes with the spouse listed', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'enroll-smtp-'));
  const mailbox = join(dir, 'mailbox');
  const smtp = await smtpServer(mailbox);
  const server = await startServer({ DATA_DIR: join(dir, 'data'), SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  try {
    const first = await browser.newContext({ baseURL: server.base });
    const page = await first.newPage();
    await page.goto('/');
    await page.getByLabel('Zip Code').fill('30301');
    await page.getByLabel('Gender').selectOption({ label: 'Female' });
    await page.getByLabel('Choose Tier').selectOption({ label: 'Member + Spouse' });
    await page.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
    await page.getByRole('button', { name: 'Submit' }).click();
    await checkOutFirstPlan(page, 'dental');
    await fillPersonalInformation(page);
    await fillContactInformation(page);

    await expect(page.getByRole('heading', { name: 'Dependent Information', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Add Dependent' }).click();
    await expect(page.locator('#root_dependents_edit_relationship'), 'Member + Spouse: the tier decides').toBeDisabled();
    const field = (name: string) => page.locator(`#root_dependents_edit_${name}`);
    await field('first_name').fill('Sam');
    await field('last_name').fill('Okafor');
    await field('gender').selectOption({ label: 'Male' });
    await field('birthdate').pressSequentially('02141985');
    await field('ssn').fill('219099999');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(/Dependent #1 Sam Okafor, Spouse/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Dependent' }), 'one spouse at most').toHaveCount(0);

    await page.getByRole('button', { name: 'Save & Continue Later' }).click();
    await page.getByLabel('Please enter the alternate email').fill('dana.later@example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('Information Saved!!! Check your email to continue')).toBeVisible();
    await first.close();

    const code = await codeReceivedBy(mailbox, 'dana.later@example.com');
    const second = await browser.newContext({ baseURL: server.base });
    const resumed = await second.newPage();
    await resumed.goto('/continue-enrollment');
    await resumed.getByLabel('Enrollment Code').fill(code);
    await resumed.getByLabel('Email').fill('dana.later@example.com');
    await resumed.getByRole('button', { name: 'Continue' }).click();
    await expect(resumed).toHaveURL(/\/enrollment\/dependent-information/);
    await expect(resumed.getByText(/Dependent #1 Sam Okafor, Spouse/)).toBeVisible();
    await noSeriousViolations(resumed, 'resumed dependents');
    await resumed.getByRole('button', { name: 'Next' }).click();
    await signAgreement(resumed);
    await resumed.getByRole('button', { name: 'Next' }).click();
    await payByEft(resumed);
    await expect(resumed).toHaveURL(/\/enrollment\/review-confirm/);
    await submitApplication(resumed);
    await expect(resumed.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
    await second.close();
  } finally {
    await server.stop();
    smtp.child.kill();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
});
