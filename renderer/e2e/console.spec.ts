import { expect, type Browser, type Page, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { dobOfAge, enrollBinary, fillFilter, noSeriousViolations, repo, startServer } from './helpers';

// The carriers' console on a server of its own (its publishes change the workflows of its own database only).

/** A sign-in link for Northgate Life's staff, as the carrier's portal would hand it over (`enroll carrier-link`). */
function carrierLink(dataDir: string, base: string): string {
  return execFileSync(enrollBinary, ['carrier-link', '3', '--name', 'Priya Raman'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: base },
  })
    .toString()
    .trim();
}

/** An applicant who has quoted and opened the optional life plan's health questions: the questions asked, in order. */
async function healthQuestionsAsked(page: Page): Promise<string[]> {
  await page.goto('/plan/1403/northgate-optional-life');
  await page.getByRole('button', { name: 'Enroll Now' }).first().click();
  const health = page.getByRole('dialog', { name: 'Health Questions' });
  await expect(health.getByRole('button', { name: 'Submit Answers' })).toBeVisible();
  const questions = await health.locator('[id^="root_q"][id$="-0"]').evaluateAll((inputs) => inputs.map((i) => i.id.replace(/^root_q/, '').replace(/-0$/, '')));
  await health.getByRole('button', { name: 'Cancel' }).click();
  return questions;
}

async function applicant(browser: Browser, base: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  return page;
}

test('a carrier adds a health question in its console, previews it, publishes it to new applicants only, and rolls it back', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'enroll-console-'));
  const dataDir = join(dir, 'data');
  const server = await startServer({ DATA_DIR: dataDir });
  try {
    const before = await applicant(browser, server.base);
    expect(await healthQuestionsAsked(before)).toEqual(['901', '902', '903']);

    const staff = await (await browser.newContext({ baseURL: server.base })).newPage();
    await staff.goto(carrierLink(dataDir, server.base));
    await expect(staff).toHaveURL(/\/carrier$/);
    await expect(staff.getByRole('heading', { name: 'Questions of Northgate Life’s plans', level: 1 })).toBeVisible();
    await staff.getByRole('navigation', { name: 'Plans' }).getByRole('button', { name: /Northgate Optional Life/ }).click();
    await expect(staff.getByRole('heading', { name: 'Northgate Optional Life 100k-300k', level: 2 })).toBeVisible();
    await expect(staff.getByRole('heading', { name: 'Northgate Optional Life 100k-300k', level: 2 }), 'below the list on a phone: the reader is taken there').toBeFocused();

    // A fourth health question, moved up to be asked second: form actions only.
    const questions = staff.locator('#root_health_questions');
    await questions.getByRole('button', { name: 'Add' }).last().click();
    await expect(staff.locator('#root_health_questions_3_question_id')).toBeHidden();
    await expect(staff.getByText('Question number')).toHaveCount(0);
    await staff.locator('#root_health_questions_3_question_text_en').fill('Have you been diagnosed with diabetes?');
    await staff.locator('#root_health_questions_3_question_text_es').fill('¿Le han diagnosticado diabetes?');
    await expect(staff.locator('#root_health_questions_3_decline_on_yes')).toBeChecked();
    await staff.getByRole('button', { name: 'Move up' }).last().click();
    await staff.getByRole('button', { name: 'Move up' }).nth(-2).click();
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
    const changes = staff.getByRole('region', { name: 'What the draft changes' });
    await expect(changes.getByRole('listitem')).toHaveText([/^Health question: added \(asked at position 2\)/]);

    // The preview asks it as the shop would; a Yes to it declines.
    const preview = staff.getByRole('region', { name: 'The draft as applicants will see it' });
    await expect(preview.getByText('Have you been diagnosed with diabetes?')).toBeVisible();
    for (const id of ['901', '902', '903']) await preview.locator(`#root_q${id}-1`).check();
    await preview.locator('#root_q904-0').check();
    await preview.getByRole('button', { name: 'Submit Answers' }).click();
    await expect(preview.getByRole('status')).toHaveText(/^Declined: Based on your answers we cannot offer this plan online/);
    await preview.getByRole('button', { name: 'Phone' }).click();
    await expect(preview.locator('.preview-frame.phone')).toBeVisible();
    await noSeriousViolations(staff, 'the carriers console');
    // Its own frame, not the shop's: the carrier, who is signed in and Sign out; no cart, no help chat; one main.
    const frame = staff.getByRole('banner');
    await expect(frame).toContainText('Northgate Life · Carrier console');
    await expect(frame.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(staff.getByRole('link', { name: /cart/i })).toHaveCount(0);
    await expect(staff.locator('main')).toHaveCount(1);
    const landmarks = await new AxeBuilder({ page: staff }).setLegacyMode(true).withTags(['best-practice']).analyze();
    expect(landmarks.violations.filter((v) => v.id.startsWith('landmark') || v.id === 'region').map((v) => v.id)).toEqual([]);
    for (const [width, height] of [[1280, 900], [390, 844]]) {
      await staff.setViewportSize({ width, height });
      await staff.screenshot({ path: `test-results/carrier-console-${width}.png` });
    }
    await staff.setViewportSize({ width: 1280, height: 900 });

    // A refusal names the field: a question of blanks.
    const words = staff.locator('#root_health_questions_1_question_text_en');
    await words.fill('   ');
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await expect(staff.getByText('a question needs its words')).toBeVisible();
    await words.fill('Have you been diagnosed with diabetes?');
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();

    const publish = staff.getByRole('region', { name: 'Publish' });
    await publish.getByLabel('What changes (kept with the version)').fill('Ask about diabetes');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Published as version/ })).toBeVisible();

    const after = await applicant(browser, server.base);
    expect(await healthQuestionsAsked(after), 'a new applicant is asked it, second').toEqual(['901', '904', '902', '903']);
    expect(await healthQuestionsAsked(before), 'who started before keeps their questions').toEqual(['901', '902', '903']);

    // Rolled back to what the workflow files said.
    const versions = staff.getByRole('region', { name: 'Versions' });
    const original = versions.getByRole('listitem').filter({ hasText: 'the workflow files' });
    await original.getByRole('button', { name: 'Publish this version again' }).click();
    await original.getByLabel('Why (kept with the version)').fill('Back to three questions');
    await original.getByRole('button', { name: /^Publish version \d+ again$/ }).click();
    await expect(staff.getByRole('status').filter({ hasText: /is published again/ })).toBeVisible();
    const later = await applicant(browser, server.base);
    expect(await healthQuestionsAsked(later)).toEqual(['901', '902', '903']);

    // A question's English changed alone: its Spanish is marked older, and publishing needs the carrier's word.
    const english = staff.locator('#root_health_questions_0_question_text_en');
    await english.fill('In the last 10 years, have you been treated for heart disease, cancer or stroke?');
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Draft saved/ })).toBeVisible();
    await expect(changes.getByText('Its Spanish is older than its English: the question\'s words changed in English only.')).toBeVisible();
    await publish.getByLabel('What changes (kept with the version)').fill('Ten years');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(staff.getByText(/^Some Spanish was written for the English before your change/)).toBeVisible();
    await publish.getByLabel('A text’s Spanish is older than its English. Publish it as it is.').check();
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(staff.getByRole('status').filter({ hasText: /^Published as version/ })).toBeVisible();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
