import { expect, test, type Page } from '@playwright/test';
import { dobOfAge, enroll, fillFilter, firstPlanLink, noSeriousViolations, signedInRep, signInCodeMailedTo } from './helpers';

/** The group administrator's link of group `group` (its path and query), as the group dashboard would send it. */
function groupAdminLink(group: string): string {
  const url = new URL(enroll('group-admin-link', group));
  return `${url.pathname}${url.search}`;
}

/** The session becomes rep REP7781's, as their access code confirmed makes it (not signed in), and the rep's home is
 * opened. */
async function asRep(page: Page) {
  expect((await page.request.post('/api/v1/confirm-access', { data: { agent_code: 'REP7781' } })).ok()).toBe(true);
  await page.goto('/agent-home');
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan Whitfield' })).toBeVisible();
}


test('a rep enters their access code, lands on their home and starts a quote for an employee of Peachtree Logistics', async ({ page }) => {
  await page.goto('/access-pagenext');
  await page.getByLabel('Rep Access Code').fill('REP7781');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();

  await expect(page).toHaveURL(/\/agent-home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Jordan Whitfield' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Who do you want to enroll for?' })).toBeVisible();
  await noSeriousViolations(page, 'rep home');

  await page.getByRole('button', { name: 'New Member' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Enrollment Portal' })).toBeFocused();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please choose a platform')).toBeVisible();
  await noSeriousViolations(page, 'rep home, portal');
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('button', { name: 'Start New Member Enrollment' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Direct Enrollment' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please choose a group')).toBeVisible();
  await expect(page.getByText('Choose enroll for new member')).toBeVisible();
  await noSeriousViolations(page, 'rep home, new member');
  await page.getByLabel('Choose an option to enroll a new member:').selectOption({ label: 'Peachtree Logistics' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans/);
  await expect(firstPlanLink(page)).toBeVisible();
  // The group is named, not as the rep's own employer.
  await expect(page.getByText('Employer Group: Peachtree Logistics').first()).toBeVisible();
  await expect(page.getByText(/Your Employer Group/)).toHaveCount(0);
});

test('a rep starts a new member of no group, and the quote names no employer group', async ({ page }) => {
  await asRep(page);
  await page.getByRole('button', { name: 'New Member' }).click();
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Harborstone Worksite Portal' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Portal: Harborstone Worksite Portal')).toBeVisible();
  await page.getByRole('button', { name: 'Start New Member Enrollment' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await fillFilter(page, '30301', dobOfAge(35));
  await expect(page).toHaveURL(/\/plans/);
  await expect(firstPlanLink(page)).toBeVisible();
  await expect(page.getByText('Portal: Harborstone Worksite Portal')).toBeVisible();
  await expect(page.getByText(/Your Employer Group/)).toHaveCount(0);
});

test('a rep who came in by the access code signs in with a code e-mailed to them before seeing any member', async ({ page }) => {
  await asRep(page);
  await page.getByRole('button', { name: 'Current Member' }).click();
  await expect(page).toHaveURL(/\/agent-select-member$/);
  const panel = page.getByRole('region', { name: 'Sign in to see your members' });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await noSeriousViolations(page, 'rep sign-in');
  const asked = Date.now();
  await panel.getByRole('button', { name: 'E-mail me a sign-in code' }).click();
  await expect(panel.getByText('j••••@benefitstore.example')).toBeVisible();
  await panel.getByLabel('Sign-in code').fill('000000');
  await panel.getByRole('button', { name: 'Sign in' }).click();
  const code = await signInCodeMailedTo('jordan.whitfield@benefitstore.example', asked - 1000);
  if (code !== '000000') await expect(panel.getByText(/This code is not right/)).toBeVisible();
  await panel.getByLabel('Sign-in code').fill(code);
  await panel.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('table', { name: 'Your current members' })).toBeVisible();
  await expect(page.getByText('Showing 1–5 of 12 members')).toBeVisible();
});

test('a sign-in link that was already used signs no one in and offers a code instead', async ({ page, browser }) => {
  const link = new URL(enroll('rep-link', '7781')).pathname;
  await page.goto(link);
  await expect(page).toHaveURL(/\/agent-home$/);
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second).toHaveURL(/\/agent-select-member\?sign-in=link-failed$/);
  await expect(second.getByRole('alert')).toContainText('This sign-in link has expired or was already used.');
  await expect(second.getByRole('table')).toHaveCount(0);
  await other.close();
});

test('a rep pages through their current members, finds Marcus Bell and enrolls him for himself and his spouse', async ({ page }) => {
  await signedInRep(page);
  await page.getByRole('button', { name: 'Current Member' }).click();
  await expect(page).toHaveURL(/\/agent-select-member$/);
  await expect(page.getByRole('heading', { name: 'Current Members', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/agent-home');

  const table = page.getByRole('table', { name: 'Your current members' });
  const rows = table.getByRole('rowgroup').last().getByRole('row');
  await expect(rows).toHaveCount(5);
  await expect(page.getByText('Showing 1–5 of 12 members')).toBeVisible();
  await expect(table.getByText('***-**-1003')).toBeVisible();
  await noSeriousViolations(page, 'current members');

  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('button', { name: 'Page 3' }).click();
  await expect(pager.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(rows).toHaveCount(2);
  await expect(page.getByText('Showing 11–12 of 12 members')).toBeVisible();

  await page.getByLabel('Search members').fill('nobody by this name');
  await expect(page.getByText('No members match “nobody by this name”.')).toBeVisible();
  await expect(table).toHaveCount(0);
  await page.getByLabel('Search members').fill('Marcus');
  await expect(rows).toHaveCount(1);
  const marcus = table.getByRole('row', { name: /Marcus Bell/ });
  await expect(marcus.getByText('Harborstone Silver Choice PPO', { exact: true })).toBeVisible();
  await expect(marcus.getByText('Fairmeadow Accident Advantage (CANCELLED)')).toBeVisible();
  await expect(pager).toHaveCount(0);

  await marcus.getByRole('button', { name: 'Enroll Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a tier' });
  await expect(dialog.getByText('Marcus Bell')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please choose a tier')).toBeVisible();
  await noSeriousViolations(page, 'choose a tier');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await marcus.getByRole('button', { name: 'Enroll Now' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Please choose a tier')).toHaveCount(0);
  await dialog.getByLabel('Choose Tier').selectOption({ label: 'Member + Spouse' });
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/plans/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Current Member');
  await expect(page.getByText(/Member: Marcus Bell/)).toBeVisible();
});

test('a group administrator sees the group home and only the group’s four members, then starts a new member', async ({ page }) => {
  await page.goto(groupAdminLink('2556'));
  await expect(page).toHaveURL(/\/group-home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Peachtree Logistics' })).toBeVisible();
  await noSeriousViolations(page, 'group home');
  await page.getByRole('button', { name: 'Current Member' }).click();
  await expect(page).toHaveURL(/\/group-select-member$/);
  const table = page.getByRole('table', { name: 'Current members of Peachtree Logistics' });
  await expect(table.getByRole('rowgroup').last().getByRole('row')).toHaveCount(4);
  for (const name of ['Angela Brooks', 'Marcus Bell', 'Denise Okafor', 'Grace Whitaker']) {
    await expect(table.getByRole('rowheader', { name })).toBeVisible();
  }
  await expect(page.getByText('Lena Fischer')).toHaveCount(0);
  await expect(page.getByText('Showing 1–4 of 4 members')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await noSeriousViolations(page, 'group members');

  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/group-home$/);
  await page.getByRole('button', { name: 'New Member' }).click();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Please choose a platform')).toBeVisible();
  await noSeriousViolations(page, 'group home, portal');
  await page.getByLabel('Enrollment Portal').selectOption({ label: 'Benefit Store Direct' });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByLabel('Zip Code')).toBeVisible();
});

test('a member who followed their member link is greeted on the member home and changes the tier', async ({ page }) => {
  await page.goto(new URL(enroll('member-link', '5001', 'IS')).pathname);
  await expect(page).toHaveURL(/\/plans/);
  await expect(page.getByText('Your Employer Group: Gulf Coast Members Association', { exact: false })).toBeVisible();

  // Home leads to the member's own home at once, without a reload.
  await page.getByRole('navigation', { name: 'Plan categories' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/member-home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Maria Alvarez' })).toBeVisible();
  const tier = page.getByLabel('Choose Tier');
  await expect(tier.locator('option:checked')).toHaveText('Member Only');
  await expect(tier.locator('option:not([disabled])')).toHaveText(['Member Only', 'Member + Spouse', 'Member + Children', 'Family']);
  await noSeriousViolations(page, 'member home');
  await tier.selectOption({ label: 'Family' });
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/plans/);
  await expect(page.getByText(/· Family ·/)).toBeVisible();
});

test('a visitor of a group’s site chooses the enrollment portal after Start Enrollment', async ({ page }) => {
  await page.goto('/peachtree-logistics');
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store - Let's Get Started" })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Peachtree Logistics logo' })).toBeVisible();
  await expect(page.getByText('Benefits for the people who keep Atlanta moving').first()).toBeVisible();
  await noSeriousViolations(page, 'group landing');

  await page.getByRole('button', { name: 'Start Enrollment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose Enrollment Portal' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please choose a platform')).toBeVisible();
  await noSeriousViolations(page, 'choose enrollment portal');
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Start Enrollment' }).click();
  await dialog.getByLabel('Enrollment Portal').selectOption({ label: 'Harborstone Worksite Portal' });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByLabel('Zip Code')).toBeVisible();
});

test('a visitor who opens a rep’s member list is told they can only see their own members, with a way home', async ({ page }) => {
  await page.goto('/agent-select-member');
  await expect(page.getByRole('alert')).toContainText('You can only see and enroll your own members.');
  await expect(page.getByRole('alert').getByRole('link', { name: 'Back to your home page' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('table')).toHaveCount(0);
  await noSeriousViolations(page, 'current members refused');
});
