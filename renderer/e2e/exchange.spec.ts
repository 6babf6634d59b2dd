// Shopping as an exchange offers it: sorting and narrowing kept in the address, the estimated yearly cost and how it is
// worked out, an emptied listing that says what to loosen, and the comparison's documents and Add to Cart.
import { expect, test } from '@playwright/test';
import { dobOfAge, fillFilter, noSeriousViolations } from './helpers';

const cards = (page: import('@playwright/test').Page) => page.locator('section[aria-labelledby^="section-"] li.plan-card');

test('sorting and narrowing the plans are kept in the address, and an emptied listing says what to loosen', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  const panel = page.getByRole('region', { name: 'Sort and filter' });
  await panel.getByLabel('Sort by').selectOption({ label: 'Estimated yearly cost' });
  await expect(page).toHaveURL(/sort=yearly_cost/);
  await expect(cards(page).first().getByText(/^Estimated yearly cost \$[\d,]+\.\d\d/)).toBeVisible();
  await cards(page).first().getByRole('button', { name: /^How we estimate this/ }).click();
  const how = page.getByRole('dialog', { name: 'How we estimate the yearly cost' });
  await expect(how.getByText(/twelve months of your premium/)).toBeVisible();
  await noSeriousViolations(page, 'how we estimate');
  await how.getByRole('button', { name: 'OK' }).click();

  // A choice goes through the address (a navigation, drawn when the new listing's page is ready): clicked, then seen.
  await panel.getByRole('checkbox', { name: /^HSA-eligible plans only/ }).click();
  await expect(panel.getByRole('checkbox', { name: /^HSA-eligible plans only/ })).toBeChecked();
  await expect(page).toHaveURL(/hsa=1/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading', { name: 'Harborstone Bronze HSA 3400' })).toBeVisible();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
  await expect(panel.getByRole('checkbox', { name: /^HSA-eligible plans only/ })).toBeChecked();
  await noSeriousViolations(page, 'plans narrowed');

  const hmo = panel.getByRole('group', { name: 'Network' }).getByRole('checkbox', { name: /^HMO/ });
  await hmo.click();
  await expect(hmo).toBeChecked();
  await expect(page.getByText(/^No plan matches all your choices\. Remove HSA-eligible only to see \d+ plans?\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Clear all choices' }).first().click();
  await expect(page).not.toHaveURL(/hsa=|networks=|sort=/);
  await expect(cards(page).nth(3)).toBeVisible();
});

test('the comparison shows the yearly cost and the plans\' documents, and adds a plan to the cart', async ({ page }) => {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  for (const name of ['Harborstone Bronze Saver HMO', 'Harborstone Bronze HSA 3400']) {
    await page.getByRole('checkbox', { name: `Compare ${name}` }).check();
  }
  await page.getByRole('complementary', { name: 'Plans to compare' }).getByRole('link', { name: 'Compare (2)' }).click();
  const table = page.getByRole('table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('Estimated yearly cost (medium use)').getByRole('cell').first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  const sbc = row('Documents').getByRole('link', { name: /^Summary of Benefits and Coverage of Harborstone Bronze Saver HMO/ });
  await expect(sbc).toHaveAttribute('href', '/assets/documents/1302-sbc.pdf');
  await noSeriousViolations(page, 'comparison with documents');
  await page.getByRole('button', { name: /^Add to Cart ?: Harborstone Bronze Saver HMO$/ }).click();
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, 1 item/ })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sort and filter wait behind their own summary, with the number of choices made', async ({ page }) => {
    await page.goto('/');
    await fillFilter(page, '30301', dobOfAge(40));
    await expect(page).toHaveURL(/\/plans\?type=medical/);
    await page.goto('/plans?type=medical&hsa=1&sort=premium');
    const folded = page.locator('details').filter({ has: page.getByText('Sort and filter') });
    await expect(folded.locator('summary')).toHaveText('Sort and filter (1 chosen)');
    await expect(page.getByLabel('Sort by')).toBeHidden();
    await folded.locator('summary').click();
    await expect(page.getByLabel('Sort by')).toHaveValue('premium');
  });
});
