import { expect, test, type Page } from '@playwright/test';
import {
  addBeneficiary,
  addToCart,
  answerDependencyInfo,
  answerNoToTheRest,
  checkout,
  answerHealthQuestions,
  dobOfAge,
  fillContactInformation,
  fillPersonalInformation,
  noSeriousViolations,
  openFirstPlan,
  payByEft,
  signAgreement,
  submitApplication,
} from './helpers';

/** The draft of `step` the page keeps once a person is added, answered (the spec's temporary storage). */
function draftKept(page: Page, step: string) {
  return page.waitForResponse((r) => r.url().endsWith(`/step/${step}`) && r.request().postDataJSON()?.action === 'draft' && r.ok());
}

/**
 * Completes dependent #N, whom the Dependency popup's answers already listed: its form opens titled Dependent #N with
 * the relationship (and the spouse's date of birth) filled in, Submit puts it back on the list completed.
 */
async function completeDependent(page: Page, n: number, person: { first: string; relationship: 'Spouse' | 'Child'; gender: 'Male' | 'Female'; dob: string; ssn: string }) {
  await page.getByRole('button', { name: `Edit Dependent #${n}` }).click();
  await expect(page.getByRole('heading', { name: `Dependent #${n}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' }), 'Next waits while a dependent is open').toBeDisabled();
  const field = (name: string) => page.locator(`#root_dependents_edit_${name}`);
  await field('first_name').fill(person.first);
  await field('last_name').fill('Okafor');
  // The relationship follows the family: the spouse first, then children, shown and not chosen.
  await expect(field('relationship')).toBeDisabled();
  await expect(field('relationship').locator('option:checked')).toHaveText(person.relationship);
  await field('gender').selectOption({ label: person.gender });
  if (person.relationship === 'Spouse') await expect(field('birthdate'), 'given in the Dependency popup').toHaveValue(person.dob);
  else await field('birthdate').pressSequentially(person.dob.replace(/\//g, ''));
  await field('ssn').fill(person.ssn);
  // A premier (medical) plan asks each dependent's height and weight.
  await field('height_feet').fill('5');
  await field('height_inch').fill('6');
  await field('weight').fill(person.relationship === 'Spouse' ? '170' : '80');
  // The dependent's health questions start unanswered, and are answered one by one.
  const editor = page.getByRole('region', { name: `Dependent #${n}` });
  await expect(editor.getByRole('radio', { checked: true })).toHaveCount(0);
  await answerNoToTheRest(editor);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(new RegExp(`Dependent #${n} ${person.first} Okafor, ${person.relationship}`))).toBeVisible();
}

test('a family enrolls with a spouse, two children, beneficiaries 60/40, a health Yes with a medication, and EFT', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Zip Code').fill('30301');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Choose Tier').selectOption({ label: 'Family' });
  await page.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await openFirstPlan(page);
  // A premier plan on the Family tier first asks about the family it quotes.
  await answerDependencyInfo(page, { spouseDob: '02/14/1985', children: '2' });
  await addToCart(page);
  await page.goto('/plans?type=accident');
  await openFirstPlan(page);
  await addToCart(page);
  await expect(page.getByRole('link', { name: /Cart, 2 items/ })).toBeVisible();
  // Each line names the family's coverage beside its level, never Individual.
  await expect(page.getByText(/^Family · /).first()).toBeVisible();
  await expect(page.getByText(/^Individual/)).toHaveCount(0);
  await checkout(page);

  await fillPersonalInformation(page);
  await fillContactInformation(page);

  // Accident coverage pays its death benefit to beneficiaries, whose shares must total 100.
  await expect(page.getByRole('heading', { name: 'Beneficiary Information', level: 1 })).toBeVisible();
  const beneficiaryKept = draftKept(page, 'beneficiary_info');
  await addBeneficiary(page, 1, 'Ada', '60');
  // A reload before Next loses nothing: the beneficiary added is kept as a draft beside the step (a moment after).
  await beneficiaryKept;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Beneficiary Information', level: 1 })).toBeVisible();
  await expect(page.getByText(/Beneficiary #1 Ada Okafor/)).toBeVisible();
  await expect(page.getByText(/add up to 60%, under 100%/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' }), 'Next waits for a total of 100').toBeDisabled();
  await addBeneficiary(page, 2, 'Ben', '40');
  await expect(page.getByRole('button', { name: 'Add Beneficiary' }), 'nothing left to share').toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await answerHealthQuestions(page);

  await expect(page.getByRole('heading', { name: 'Dependent Information', level: 1 })).toBeVisible();
  // A premier plan on the Family tier asks whether there is a spouse to cover: answered Yes by the popup's spouse.
  await expect(page.getByLabel('Yes')).toBeChecked();
  // The popup said a spouse and two children: all three are listed, waiting for what the popup did not ask.
  await expect(page.getByRole('button', { name: /^Edit Dependent #\d$/ })).toHaveCount(3);
  const dependentKept = draftKept(page, 'dependent_info');
  await completeDependent(page, 1, { first: 'Sam', relationship: 'Spouse', gender: 'Male', dob: '02/14/1985', ssn: '219099999' });
  // So is a dependent completed: a reload shows Sam as he was finished, the two children still waiting.
  await dependentKept;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dependent Information', level: 1 })).toBeVisible();
  await expect(page.getByText(/Dependent #1 Sam Okafor, Spouse/)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit Dependent #\d$/ })).toHaveCount(3);
  await completeDependent(page, 2, { first: 'Ada', relationship: 'Child', gender: 'Female', dob: '06/01/2015', ssn: '321549876' });
  await completeDependent(page, 3, { first: 'Ben', relationship: 'Child', gender: 'Male', dob: '09/15/2017', ssn: '321549877' });
  // A fourth would be a child: the family's spouse is listed.
  await page.getByRole('button', { name: 'Add Dependent' }).click();
  await expect(page.locator('#root_dependents_edit_relationship option:checked')).toHaveText('Child');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('All set. Choose Next to continue.')).toBeVisible();
  await noSeriousViolations(page, 'dependents');
  await page.getByRole('button', { name: 'Next' }).click();

  await signAgreement(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await payByEft(page);

  await expect(page).toHaveURL(/\/enrollment\/review-confirm/);
  await expect(page.getByRole('heading', { name: '3. Beneficiary Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '4. Health Questions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '5. Dependent Information' })).toBeVisible();
  const dependents = page.getByRole('region', { name: '5. Dependent Information' });
  // The card names the family; View Details says each person's answers, the SSN masked.
  await expect(dependents.getByText('Sam Okafor (Spouse), Ada Okafor (Child), Ben Okafor (Child)')).toBeVisible();
  await page.getByRole('button', { name: 'View Details of Dependent Information' }).click();
  const family = page.getByRole('dialog', { name: 'Dependent Information' });
  await expect(family.getByText('***-**-9999')).toBeVisible();
  await expect(family.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
  await family.getByRole('button', { name: 'OK' }).click();
  await noSeriousViolations(page, 'review');
  await submitApplication(page);
  await expect(page).toHaveURL(/\/enrollment\/receipt/);
  await expect(page.getByText(/Your confirmation number is \d{10}/)).toBeVisible();
  await expect(page.getByRole('cell').filter({ hasText: /^Family/ }).first()).toBeVisible();
  await expect(page.getByText(/Covers Dana, Sam, Ada, Ben|Covers Dana Okafor \(you\), Sam/).first()).toBeVisible();
});
