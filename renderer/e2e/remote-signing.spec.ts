import { expect, test } from '@playwright/test';
import {
  agreeAndDraw,
  checkOutFirstPlan,
  dobOfAge,
  fillContactInformation,
  fillFilter,
  fillPersonalInformation,
  noSeriousViolations,
  payByEft,
  signedInRep,
  signingLinkMailedTo,
  submitApplication,
} from './helpers';

test('a rep sends the application to the applicant, who signs it on their own phone, and the rep submits it', async ({ page, browser }) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInRep(page);
  await page.getByRole('button', { name: 'New Member' }).click();
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Start New Member Enrollment' }).click();
  await fillFilter(page, '30301', dobOfAge(40));
  await checkOutFirstPlan(page, 'dental', 'Rep Enrollment');
  await fillPersonalInformation(page);
  await fillContactInformation(page);

  // Agreement & Signature: the rep sends it to the applicant rather than signing for them.
  await expect(page.getByRole('heading', { name: 'Agreement, Application and Authorization', level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Let the applicant sign on their own device' });
  await expect(panel.getByLabel('E-mail to dana.okafor@example.com')).toBeChecked();
  await panel.getByLabel('Text message to (404) 555-0134 (a mobile phone)').check();
  await expect(panel.getByText(/no text message service connected: a text is kept on the server/)).toBeVisible();
  await panel.getByLabel('E-mail to dana.okafor@example.com').check();
  await panel.getByRole('button', { name: 'Send for signature' }).click();
  await expect(panel.getByRole('status')).toContainText('Sent to dana.okafor@example.com on');
  await expect(panel.getByRole('status')).toContainText('Waiting for the applicant to sign');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/remote-signing-rep-waiting-1280.png' });

  // The applicant, on their phone: a browser of their own.
  const link = await signingLinkMailedTo('dana.okafor@example.com');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const applicant = await phone.newPage();
  await applicant.goto(link);
  await expect(applicant.getByRole('heading', { name: 'Review and sign your application', level: 1 })).toBeVisible();
  await expect(applicant.getByText('Hello Dana. Jordan Whitfield has prepared your insurance application')).toBeVisible();
  await expect(applicant.getByText('Whitfield Family Benefits', { exact: true }), 'the rep’s site, not the store’s').toBeVisible();
  await expect(applicant.getByRole('button', { name: /cart/i })).toHaveCount(0);
  await noSeriousViolations(applicant, 'signing link: date of birth');
  await applicant.getByLabel('Date of birth (MM/DD/YYYY)').fill('01/01/1970');
  await applicant.getByRole('button', { name: 'Open my application' }).click();
  await expect(applicant.getByText('This is not the date of birth on the application.')).toBeVisible();
  await applicant.getByLabel('Date of birth (MM/DD/YYYY)').fill(dobOfAge(40));
  await applicant.getByRole('button', { name: 'Open my application' }).click();

  await expect(applicant.getByRole('heading', { name: 'Your application', level: 2 })).toBeVisible();
  await expect(applicant.getByRole('heading', { name: 'Personal Information', level: 3 })).toBeVisible();
  await expect(applicant.getByText('Okafor').first()).toBeVisible();
  await expect(applicant.getByText('123-45-6789')).toHaveCount(0);
  await expect(applicant.getByLabel('Broker Name')).toHaveCount(0);
  await noSeriousViolations(applicant, 'signing link: the application');
  await agreeAndDraw(applicant);
  await applicant.screenshot({ path: 'test-results/remote-signing-applicant-390.png', fullPage: true });
  await applicant.getByRole('button', { name: 'Sign my application' }).click();
  await expect(applicant.getByRole('heading', { name: 'Signed', level: 2 })).toBeVisible();
  await expect(applicant.getByRole('status')).toHaveText('Thank you, Dana Okafor. Your signature was sent to Jordan Whitfield, who will submit your application.');
  await applicant.screenshot({ path: 'test-results/remote-signing-applicant-signed-390.png' });

  // The rep's screen learns of it by itself: the signature is in the form, not to be changed.
  await expect(panel.getByRole('status')).toContainText('Signed by Dana Okafor on', { timeout: 15_000 });
  await expect(page.getByLabel('Accuracy of this application')).toBeChecked();
  await expect(page.getByLabel('Accuracy of this application')).toBeDisabled();
  await expect(page.getByRole('img', { name: 'The applicant’s signature' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/remote-signing-rep-signed-1280.png', fullPage: true });
  await page.locator('#root_answer').fill('0134');
  await page.getByRole('button', { name: 'Next' }).click();
  await payByEft(page);
  await expect(page.getByRole('heading', { name: 'Review & Confirmation', level: 1 })).toBeVisible();
  await submitApplication(page);
  await expect(page).toHaveURL(/\/enrollment\/receipt$/);
  await expect(page.getByRole('link', { name: 'Enroll another member' })).toBeVisible();

  // The link worked once.
  await applicant.reload();
  await expect(applicant.getByRole('alert')).toContainText(/You signed this application on|no longer works/);
  await phone.close();
});
