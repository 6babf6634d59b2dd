import { expect, test } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkOutFirstPlan, confirmHealthAnswers, dobOfAge, fillContactInformation, fillFilter, fillPersonalInformation, noSeriousViolations, problem, repo, startServer } from './helpers';

/** The shipped workflows, copied, with one question and its own detail set added: the carrier's whole change. */
function editedWorkflows(): string {
  const dir = mkdtempSync(join(tmpdir(), 'enroll-carrier-'));
  cpSync(join(repo, 'workflows'), join(dir, 'workflows'), { recursive: true });
  const file = join(dir, 'workflows', 'enrollment.yaml');
  const text = readFileSync(file, 'utf8')
    .replace(
      '      detail_sets:\n',
      [
        '      detail_sets:',
        '        diving:',
        '          entries: 1',
        '          fields:',
        '            - { name: deepest_dive_feet, title: Deepest Dive (feet) }',
        '            - { name: last_dive, title: Date of Last Dive, type: past_date }',
        '',
      ].join('\n'),
    )
    .replace(
      '      questions:\n',
      ['      questions:', '        - question_id: 160', '          question_text: Do you scuba dive below 100 feet?', '          details: diving', ''].join('\n'),
    );
  writeFileSync(file, text);
  return dir;
}

test('a carrier adds a health question with its own detail fields by editing workflows only', async ({ browser }) => {
  const dir = editedWorkflows();
  const server = await startServer({ DATA_DIR: join(dir, 'data'), WORKFLOWS_DIR: join(dir, 'workflows') });
  try {
    const context = await browser.newContext({ baseURL: server.base });
    const page = await context.newPage();
    await page.goto('/');
    await fillFilter(page, '30301', dobOfAge(40));
    await checkOutFirstPlan(page);
    await fillPersonalInformation(page);
    await fillContactInformation(page);

    await expect(page.getByText('Do you scuba dive below 100 feet?')).toBeVisible();
    await page.locator('#root_condition_questions_160_yes_no_flag-0').check();
    await page.locator('#root_condition_questions_160_conditions__add').click();
    await page.getByLabel('Deepest Dive (feet)').fill('130');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(problem(page, 'Date of Last Dive: Field is required')).toBeVisible();
    await page.getByLabel('Date of Last Dive').pressSequentially('07042026');
    await noSeriousViolations(page, 'edited health questions');
    await confirmHealthAnswers(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();

    const stored = await page.evaluate(async () => {
      const id = localStorage.getItem('tempId');
      const answer = await fetch(`/api/v1/get-health-questions-primary-health-info?enrollment_id=${id}`);
      return (await answer.json()).data.result.condition_questions[0];
    });
    expect(stored).toMatchObject({
      question_id: 160,
      yes_no_flag: '1',
      conditions: [{ deepest_dive_feet: '130', last_dive: '07/04/2026' }],
    });
    await context.close();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  }
});
