// The way to the wizard's first step that the measuring scripts (measure-js.mjs, lighthouse.mjs) take, as the browser
// journeys take it (e2e/helpers.ts's toPersonalInformation): a quote for a 40-year-old in Atlanta, the first medical
// plan into the cart, checkout, every offer declined, Member Enrollment.

/** Drives `page` (a Playwright page whose context has the server as its base URL) to Personal Information. */
export async function toPersonalInformation(page) {
  const d = new Date();
  const dob = `${String(d.getMonth() + 1).padStart(2, '0')}${String(Math.min(d.getDate(), 28)).padStart(2, '0')}${d.getFullYear() - 40}`;
  await page.goto('/');
  await page.getByLabel('Zip Code').fill('30301');
  await page.getByLabel('Gender').selectOption({ label: 'Female' });
  await page.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await page.getByLabel('DOB').pressSequentially(dob);
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/plans\?type=medical/);
  // The listing's own link, within its category sections: see e2e/helpers.ts's firstPlanLink.
  await page.locator('section[aria-labelledby^="section-"]').getByRole('link', { name: /^More Info about / }).first().click();
  await page.getByRole('button', { name: /Add to Cart/ }).first().click();
  const decline = page.getByRole('button', { name: 'No, thanks' });
  const cart = page.getByRole('heading', { name: 'My Cart' });
  await decline.or(cart).waitFor();
  if (await decline.isVisible()) await decline.click();
  await cart.waitFor();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const confirm = page.getByRole('button', { name: 'Member Enrollment' });
  const offer = page.getByRole('button', { name: /^No, I like (medical questions|waiting periods)\.$/ });
  for (let i = 0; i < 3; i++) {
    await offer.or(confirm).first().waitFor();
    if (await confirm.isVisible()) break;
    const answered = (await offer.textContent()) ?? '';
    await offer.click();
    await page.getByRole('button', { name: answered, exact: true }).waitFor({ state: 'detached' });
  }
  await confirm.click();
  await page.getByRole('heading', { name: 'Personal Information', level: 1 }).waitFor();
}
