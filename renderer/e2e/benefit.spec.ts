// The benefit service's journeys: Recommended Products (the carousel on the landing, the cart's panel with View All in
// place, the header's link, the list page), a recommendation's sealed link to its plan, the location banner (Allow with
// the browser's position, Don't Allow, close), and the help chat (Feedback, Create Ticket, Contact Rep on a rep's site).
import { expect, test, type Page } from '@playwright/test';
import { addToCart, dobOfAge, fillFilter, noSeriousViolations } from './helpers';

const BANNER = /^By clicking Allow, you agree that .+ can store your location and ZIP code for plan recommendation\.$/;

const recommended = (page: Page) => page.getByRole('region', { name: 'Recommended Products' });

/** A quote for a 40-year-old in Atlanta, and the first dental plan in the cart. */
async function toCartWithDental(page: Page) {
  await page.goto('/');
  await fillFilter(page, '30301', dobOfAge(40));
  await expect(page).toHaveURL(/\/plans\?type=medical/);
  await page.goto('/plans?type=dental');
  await page.getByRole('link', { name: /More Info about/ }).first().click();
  await addToCart(page);
}

test('the landing recommends five plans in a carousel that moves one card at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const panel = recommended(page);
  const carousel = panel.getByRole('group', { name: 'Recommended products' });
  // 1,280 pixels wide: three cards at once of the five, so the arrows show.
  await expect(carousel.getByRole('listitem')).toHaveCount(3);
  await expect(carousel.getByText(/^Starting From:/).first()).toBeVisible();
  const previous = carousel.getByRole('button', { name: 'Previous recommended products' });
  const next = carousel.getByRole('button', { name: 'Next recommended products' });
  await expect(previous).toBeDisabled();
  const first = await carousel.getByRole('heading', { level: 3 }).first().textContent();
  await next.click();
  await expect(previous).toBeEnabled();
  await expect(carousel.getByRole('heading', { level: 3 }).first()).not.toHaveText(first ?? '');
  await next.click();
  await expect(next, 'the fifth card is the last').toBeDisabled();
  await noSeriousViolations(page, 'landing with recommendations');

  // Closed and opened by its heading's button.
  const toggle = panel.getByRole('button', { name: 'Recommended Products', exact: true });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(carousel).toBeHidden();
  await toggle.click();
  await expect(carousel).toBeVisible();

  // Elsewhere than the cart, View All opens the list page.
  await panel.getByRole('link', { name: /View All/ }).click();
  await expect(page).toHaveURL(/\/RecommendList\?page=home$/);
  await expect(page.getByRole('heading', { name: 'Recommended Products', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home › Recommended Products');
  await expect(page.getByRole('link', { name: /^More Info/ }).nth(5), 'more than the carousel holds').toBeVisible();
  await noSeriousViolations(page, 'recommend list');
});

test('the cart recommends what goes with its plans, View All shows them in place, and the header links to them', async ({ page }) => {
  await toCartWithDental(page);
  const panel = recommended(page);
  await expect(panel.getByRole('group', { name: 'Recommended products' })).toBeVisible();
  const cards = panel.getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  const inCarousel = await cards.count();
  expect(inCarousel).toBeLessThanOrEqual(5);
  await expect(panel.getByText('Brightbite Dental Preferred PPO'), 'a plan in the cart is not recommended').toHaveCount(0);
  await noSeriousViolations(page, 'cart with recommendations');

  await panel.getByRole('button', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(panel.getByRole('group', { name: 'Recommended products' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'View Less' })).toHaveAttribute('aria-expanded', 'true');
  expect(await cards.count()).toBeGreaterThanOrEqual(inCarousel);
  await noSeriousViolations(page, 'cart with every recommendation');

  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'View Your Recommended Products' }).click();
  await expect(page).toHaveURL(/\/RecommendList\?page=cart$/);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Home › Cart › Recommended Products');
  await expect(page.getByRole('link', { name: /^More Info/ }).first()).toBeVisible();

  // A page opened afresh that shows no recommendations of its own (here the code page) draws the header's link as
  // the same outlined button on the site's colour, not as a bare blue link.
  await page.goto('/continue-enrollment');
  const link = header.getByRole('link', { name: 'View Your Recommended Products' });
  await expect(link).toHaveCSS('border-top-style', 'solid');
  await expect(link).toHaveCSS('color', 'rgb(255, 255, 255)');

  // An empty cart has nothing to go with: the header's link leaves.
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Remove Brightbite Dental Preferred PPO' }).click();
  await page.getByRole('dialog', { name: 'Remove plan' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('No items in cart.')).toBeVisible();
  await expect(header.getByRole('link', { name: 'View Your Recommended Products' })).toHaveCount(0);
});

test('a recommendation’s More Info opens its sealed link on the plan’s own page; a tampered link says it is not valid', async ({ page }) => {
  await toCartWithDental(page);
  const more = recommended(page).getByRole('link', { name: /^More Info/ }).first();
  const href = (await more.getAttribute('href')) ?? '';
  expect(href, 'the plan id is sealed').toMatch(/^\/plan\/[A-Za-z0-9_-]{20,}\/[a-z0-9-]+/);
  const name = (await recommended(page).getByRole('heading', { level: 3 }).first().textContent()) ?? '';
  await more.click();
  await expect(page).toHaveURL(/\/plan\/\d+\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
  await noSeriousViolations(page, 'plan opened from a recommendation');
  // Back leaves the plan for the cart: the sealed link gave way to the plan's own address.
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto(`${href.replace(/\/plan\/[^/]+\//, '/plan/TAMPERED0123456789abcdefghij/')}`);
  await expect(page.getByRole('alert')).toHaveText('This link is not valid.');
  await noSeriousViolations(page, 'plan link not valid');
  await page.getByRole('link', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('the location banner', () => {
  test.use({ permissions: ['geolocation'], geolocation: { latitude: 33.749, longitude: -84.388 } });

  test('Allow shares the position, whose Atlanta ZIP code fills the quote form, and it is not asked again', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Location permission' });
    await expect(banner.getByText(BANNER)).toBeVisible();
    await expect(page.getByLabel('Zip Code')).toHaveValue('');
    await noSeriousViolations(page, 'location banner');
    await banner.getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByLabel('Zip Code')).toHaveValue(/^303\d\d$/);

    // The device answered on this site: no banner, and the ZIP code it gave still fills an empty form.
    await page.reload();
    await expect(page.getByLabel('Zip Code')).toHaveValue(/^303\d\d$/);
    await expect(banner).toHaveCount(0);
  });

  test('a ZIP code already typed is kept', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Zip Code').fill('10001');
    await page.getByRole('region', { name: 'Location permission' }).getByRole('button', { name: 'Allow', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Location permission' })).toBeHidden();
    await expect(page.getByLabel('Zip Code')).toHaveValue('10001');
  });
});

test("Don't Allow hides the banner for good on this site; close hides it in this browser without answering", async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Location permission' });
  // The banner goes at once and the answer is stored in the background: the reload waits until it is stored (a
  // reload that interrupts it would measure the interruption, not what the site keeps).
  const stored = page.waitForResponse(/\/benefit\/v1\/get-lead-information/);
  await banner.getByRole('button', { name: "Don't Allow" }).click();
  await expect(banner).toBeHidden();
  expect((await stored).ok()).toBe(true);
  const checked = page.waitForResponse(/\/benefit\/v1\/check-lead-information/);
  await page.reload();
  expect((await (await checked).json()).consent).toBe('declined');
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A rep's site asks again (another site); close hides it there without an answer.
  await page.goto('/jordan-whitfield');
  await expect(banner.getByText(/Whitfield Family Benefits can store your location/)).toBeVisible();
  await banner.getByRole('button', { name: 'Close' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('the help chat takes feedback and links to a new ticket', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'We are here to help you' }).click();
  const help = page.getByRole('dialog', { name: 'We are here to help you' });
  await expect(help.getByRole('link', { name: /Create Ticket/ })).toHaveAttribute('target', '_blank');
  await expect(help.getByRole('link', { name: /Create Ticket/ })).toHaveAttribute('href', /^https:\/\//);
  await noSeriousViolations(page, 'help chat');
  await help.getByRole('button', { name: /Feedback/ }).click();
  await help.getByRole('button', { name: 'Send' }).click();
  await expect(help.getByRole('alert')).toBeVisible();
  await help.getByLabel('Your feedback').fill('The plan pages are easy to compare.');
  await help.getByRole('button', { name: 'Send' }).click();
  await expect(help.getByText('Thank you for your feedback.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await expect(page.getByRole('button', { name: 'We are here to help you' })).toBeFocused();
});

test('Contact Rep on a rep’s site answers the questions, edits an answer, and ends with the closing words', async ({ page }) => {
  await page.goto('/jordan-whitfield');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Whitfield Family Benefits' })).toBeVisible();
  await page.getByRole('button', { name: 'We are here to help you' }).click();
  const help = page.getByRole('dialog', { name: 'We are here to help you' });
  await help.getByRole('button', { name: /Contact Rep/ }).click();

  await expect(help.getByText('Jordan Whitfield', { exact: true })).toBeVisible();
  await expect(help.getByRole('link', { name: '(404) 555-0191' })).toHaveAttribute('href', 'tel:+14045550191');
  await expect(help.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(help.getByText(/^Hi! I'm the store's assistant/)).toBeVisible();
  const send = help.getByRole('button', { name: 'Send' });

  await help.getByLabel('Your answer to: What is your first name?').fill('Dana');
  await send.click();
  await expect(help.getByLabel('Your answer to: Who would the coverage be for?')).toBeVisible();
  await noSeriousViolations(page, 'contact rep');

  // Edit: the answer in the input, the close control leaves edit mode, a new answer replaces it.
  const edit = help.getByRole('button', { name: 'Edit your answer to: What is your first name?' });
  await edit.click();
  await expect(help.getByLabel('Your new answer to: What is your first name?')).toHaveValue('Dana');
  await help.getByRole('button', { name: 'Stop editing' }).click();
  await expect(help.getByLabel('Your new answer to: What is your first name?')).toHaveCount(0);
  await edit.click();
  await help.getByLabel('Your new answer to: What is your first name?').fill('Danielle');
  await send.click();
  await expect(help.getByRole('log').getByText('Danielle', { exact: true })).toBeVisible();
  await expect(help.getByRole('log').getByText('Dana', { exact: true })).toHaveCount(0);

  await help.getByLabel('Your answer to: Who would the coverage be for?').selectOption('Me and my children');
  await send.click();
  await help.getByLabel(/^Your answer to: What kind of coverage/).fill('Dental and vision');
  await send.click();

  // An answer the question does not take: the server's words, for 5 seconds.
  await help.getByLabel('Your answer to: What is the best phone number to reach you?').fill('call me');
  await send.click();
  const refusal = help.getByRole('alert');
  await expect(refusal).toHaveText('Please enter a 10-digit phone number');
  await expect(refusal).toBeHidden({ timeout: 7000 });
  await help.getByLabel('Your answer to: What is the best phone number to reach you?').fill('(404) 555-0134');
  await send.click();
  await help.getByLabel('Your answer to: Is there anything else your representative should know?').fill('Evenings are best.');
  await send.click();

  await expect(help.getByText('Thank you for the visit.')).toBeVisible();
  await expect(send).toHaveCount(0);
  await noSeriousViolations(page, 'contact rep answered');

  // The conversation is kept for this device on this site.
  await page.reload();
  await page.getByRole('button', { name: 'We are here to help you' }).click();
  await help.getByRole('button', { name: /Contact Rep/ }).click();
  await expect(help.getByText('Thank you for the visit.')).toBeVisible();
  await expect(help.getByRole('log').getByText('Danielle', { exact: true })).toBeVisible();
});
