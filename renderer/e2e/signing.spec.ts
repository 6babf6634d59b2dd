// Signing the application: by typing one's name with the keyboard alone, and by drawing with a finger on a phone,
// where the ink must land under the finger across the whole pad. The page says whose signature it asks for.
import { expect, test, type Page } from '@playwright/test';
import { answerHealthQuestions, fillContactInformation, fillPersonalInformation, noSeriousViolations, padInView, payByEft, problem, submitApplication, toPersonalInformation } from './helpers';

/** From a new quote to Agreement & Signature, as Dana Okafor. */
async function toAgreement(page: Page) {
  await toPersonalInformation(page);
  await fillPersonalInformation(page);
  await fillContactInformation(page);
  await answerHealthQuestions(page);
  await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();
}

/** Focuses `name`'s control and presses `key`, as a person on a keyboard would. */
async function press(page: Page, label: string, key: string) {
  await page.getByLabel(label).focus();
  await page.keyboard.press(key);
}

test('an applicant on a keyboard alone signs by typing their name, agrees it is their signature, and submits', async ({ page }) => {
  await toAgreement(page);
  await expect(page.getByLabel('Applicant', { exact: true })).toHaveValue('Dana Okafor');
  await expect(page.getByText('The applicant signs below. If you are helping the applicant apply, ask them to sign themselves.')).toBeVisible();
  for (const head of ['Accuracy of this application', 'Authorization to obtain information', 'Electronic signature and records']) {
    await press(page, head, 'Space');
  }
  // The pad is reached by the keyboard too, and says how to sign without a mouse.
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await pad.focus();
  await expect(pad).toBeFocused();
  await expect(page.getByText('To sign with the keyboard instead, choose “Type my name” above.')).toBeVisible();

  await press(page, 'Type my name', 'Space');
  await expect(page.getByLabel('Type my name')).toBeChecked();
  await page.getByLabel('Type your full name').focus();
  await page.keyboard.type('Dana Okafor');
  await expect(page.getByRole('img', { name: 'Your signature: Dana Okafor' })).toBeVisible();
  await noSeriousViolations(page, 'typed signature');
  await page.keyboard.press('Enter');
  await expect(problem(page, 'Please agree that the typed name is your signature')).toBeVisible();

  await press(page, 'I agree that the name I typed is my electronic signature', 'Space');
  await page.getByLabel('Type your full name').focus();
  await page.keyboard.press('Enter');
  await payByEft(page);
  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  const agreement = page.getByRole('region', { name: /Agreement & Signature/ });
  const row = (term: string) => agreement.locator('dl > div').filter({ has: page.getByRole('term').getByText(term, { exact: true }) }).getByRole('definition');
  await expect(row('How would you like to sign?')).toHaveText('Type my name');
  await expect(row('Type your full name')).toHaveText('Dana Okafor');
  await expect(row('Applicant')).toHaveText('Dana Okafor');
  await submitApplication(page);
  await expect(page.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
});

test('on a phone the ink lands under the finger, up to the pad’s right edge', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await toAgreement(page);
  const pad = page.getByRole('img', { name: /Signature pad/ });
  await padInView(pad);
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  expect(box.width, 'the pad fits the phone').toBeLessThan(390);
  // A zigzag of a signature across the right fifth of the pad as the person sees it.
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.8, 0.3));
  await page.mouse.down();
  for (const [x, y] of [[0.84, 0.7], [0.88, 0.3], [0.92, 0.7], [0.96, 0.3]]) await page.mouse.move(...at(x, y), { steps: 6 });
  await page.mouse.up();
  // Where the ink is, in shares of the pad's width: under the stroke, and nowhere to its left.
  const inkOf = () => pad.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    const columns: number[] = [];
    for (let x = 0; x < width; x++) {
      for (let row = 0; row < height; row++) {
        if (data[(row * width + x) * 4] < 128) {
          columns.push(x / width);
          break;
        }
      }
    }
    // No ink at all reads as from 1 to 0: it fails both checks below.
    return columns.length > 0 ? { from: Math.min(...columns), to: Math.max(...columns) } : { from: 1, to: 0 };
  });
  const inked = await inkOf();
  expect(inked.from).toBeGreaterThan(0.75);
  expect(inked.to).toBeGreaterThan(0.9);

  // Saved and opened again (Next, then Back), the pad shows the same signature where it was drawn.
  for (const head of ['Accuracy of this application', 'Authorization to obtain information', 'Electronic signature and records']) {
    await page.getByLabel(head).check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Billing Information', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();
  await padInView(pad);
  await expect.poll(async () => (await inkOf()).to, { message: 'the signature is drawn again' }).toBeGreaterThan(0.9);
  expect((await inkOf()).from).toBeGreaterThan(0.75);
});
