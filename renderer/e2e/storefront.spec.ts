// Storefront journeys: whose site a visitor is on (a landing name, a white-label domain, a referral link, a partner
// link), what the header and footer show of it, the pages that say a site is not there or not set up, Not my site,
// and window shopping before any quote.
import { expect, test, type Page } from '@playwright/test';
import { dobOfAge, fillFilter, firstPlanLink, noSeriousViolations } from './helpers';

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

/** The store's own site, as a visitor who came by no one's link sees it. */
async function expectStoresOwnSite(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Benefit Store' })).toBeVisible();
  await expect(header.getByText('(800) 555-0100')).toBeVisible();
  await expect(header.getByText('Health, dental, vision and life coverage, priced for you in minutes')).toBeVisible();
}

test('a landing name before a page opens that page on the rep’s or group’s site, and the routing table’s other names open their pages', async ({ page }) => {
  await page.goto('/jordan-whitfield/continue-enrollment');
  await expect(page).toHaveURL(/\/continue-enrollment$/);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Whitfield Family Benefits' })).toBeVisible();
  await page.goto('/peachtree-logistics/cart');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('banner').getByRole('img', { name: /Peachtree/ }).first()).toBeVisible();
  await page.goto('/jordan-whitfield/plans?type=dental');
  await expect(page).toHaveURL(/\/plans\?type=dental$/);
  await expect(page.getByRole('heading', { name: 'Dental Plans', level: 1 })).toBeVisible();
  await page.goto('/no-such-name/cart');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();

  // Each name leads to its page; a page may send a visitor with no quote on (the cart to the front page), so what is
  // checked is the address the name led to, as the browser went there.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(frame.url());
  });
  for (const [alias, landing] of [
    ['/recommend-list?page=cart', /\/RecommendList\?page=cart$/],
    ['/confirmation', /\/cart$/],
    ['/PlanQuestionView', /\/plans$/],
  ] as const) {
    visited.length = 0;
    await page.goto(alias);
    await expect.poll(() => visited.some((url) => landing.test(url)), { message: `${alias}: ${visited.join(', ')}` }).toBe(true);
  }
  await page.goto('/website');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' }), 'without its link, as /websites').toBeVisible();
});

test('a landing name opens the rep’s site with the rep’s logo, phone, tagline and About; an unknown name is not found', async ({ page }) => {
  await page.goto('/jordan-whitfield');
  await expect(page).toHaveURL(/\/$/);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Whitfield Family Benefits' })).toBeVisible();
  await expect(header.getByRole('link', { name: '(404) 555-0191' })).toHaveAttribute('href', 'tel:+14045550191');
  await expect(header.getByText('Straight answers about coverage for Georgia families')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Whitfield Family Benefits`)).toBeVisible();
  await noSeriousViolations(page, 'rep landing');

  await header.getByRole('button', { name: 'About Whitfield Family Benefits' }).click();
  const about = dialog(page, 'About Jordan Whitfield');
  await expect(about.getByText(/^Jordan Whitfield has helped Georgia families/)).toBeVisible();
  await expect(about.getByText(/^Call or write any time/), 'a paragraph for each').toBeVisible();
  await noSeriousViolations(page, 'about the rep');
  await about.getByRole('button', { name: 'Close' }).click();
  await expect(about).toBeHidden();

  await page.goto('/no-such-name');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
  await expect(page.getByRole('banner'), 'no header on the 404 page').toHaveCount(0);
  await noSeriousViolations(page, '404');
  await page.getByRole('button', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectStoresOwnSite(page);
});

test('Not my site after a landing name returns to the store’s own site and forgets the quote', async ({ page }) => {
  await page.goto('/jordan-whitfield');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Whitfield Family Benefits' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('tempId', '12345'));
  await page.getByRole('contentinfo').getByRole('button', { name: 'Not my site' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectStoresOwnSite(page);
  await expect(page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} Benefit Store`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tempId'))).toBeNull();
  // The server forgot the site too: a new page of the same session is the store's own.
  await page.reload();
  await expectStoresOwnSite(page);
});

test('a referral link says who referred the visitor and asks the quote in three steps on to the plans', async ({ page }) => {
  await page.goto('/referrals?rid=RF7781SPRING');
  await expect(page.getByText(/^Referred By Jordan Whitfield/)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Whitfield Family Benefits' })).toBeVisible();
  await noSeriousViolations(page, 'referral landing');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByLabel('Zip Code').fill('3030');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Invalid Zip code')).toBeVisible();
  await page.getByLabel('Zip Code').fill('30301');
  await page.getByRole('button', { name: 'Next' }).click();
  // A short pause while the plans sold in the ZIP code are found, then the next step.
  await expect(page.getByRole('status').filter({ hasText: 'Finding the plans available in Atlanta, GA' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Gender' })).toBeVisible({ timeout: 5_000 });

  await page.getByRole('group', { name: 'Gender' }).getByLabel('Female').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fill the both fields.')).toBeVisible();
  await noSeriousViolations(page, 'referral step 2');
  await page.getByRole('group', { name: 'Smoker' }).getByLabel('No').check();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await page.getByLabel('DOB').pressSequentially(dobOfAge(17).replace(/\//g, ''));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You must be 18 years to proceed')).toBeVisible();
  await page.getByLabel('DOB').fill('');
  await page.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
  await expect(page.getByLabel('DOB')).toHaveValue(dobOfAge(40));
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/plans/);
  await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeVisible();
  await expect(page.getByText(/Starting From \$/).first()).toBeVisible();
  // Home leads back to the referral's page.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/referrals?rid=RF7781SPRING');
});

test('an expired referral link opens the landing without Referred By; an unknown one is not found', async ({ page }) => {
  await page.goto('/referrals?rid=RF7790EXPIRED');
  await expect(page.getByRole('heading', { name: "Welcome to the Benefit Store, Let's Get Started" })).toBeVisible();
  await expect(page.getByLabel('Zip Code')).toBeVisible();
  await expect(page.getByText(/Referred By/)).toHaveCount(0);
  await expectStoresOwnSite(page);

  await page.goto('/referrals?rid=NOPE');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
});

test('a group code and a rep code whose sites are not set up lead to the landing-config error', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Employee Enrollment' }).click();
  const employee = dialog(page, 'Employee Enrollment');
  await employee.getByLabel('Group Enrollment Code').fill('MAG4410');
  await employee.getByRole('button', { name: 'Submit' }).click();
  await expect(employee.getByText('Is Magnolia Home Health your employer?')).toBeVisible();
  await employee.getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/landing-config-error\/Group\/landingPage$/);
  await expect(page.getByRole('heading', { name: 'Landing url is not configured for this Group' })).toBeVisible();
  await expect(page.getByRole('banner'), 'no header on the error page').toHaveCount(0);
  await noSeriousViolations(page, 'landing-config error');
  await page.getByRole('button', { name: 'Back to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectStoresOwnSite(page);

  await page.getByRole('contentinfo').getByRole('button', { name: 'Rep Access Code' }).click();
  const access = dialog(page, 'Access Code');
  await expect(access.getByLabel('Rep Access Code')).toHaveAttribute('placeholder', 'ABCD1234');
  await access.getByLabel('Rep Access Code').fill('WRONG123');
  await access.getByRole('button', { name: 'Submit' }).click();
  await expect(access.getByText('Invalid Rep Access Code')).toBeVisible();
  await access.getByLabel('Rep Access Code').fill('REP7799');
  await access.getByRole('button', { name: 'Submit' }).click();
  await expect(access.getByRole('heading', { name: 'Confirm rep is correct' })).toBeVisible();
  await expect(access.getByText('Do you want to enroll under Rep Dana Brooks?')).toBeVisible();
  await noSeriousViolations(page, 'confirm the rep');
  await access.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Landing url is not configured for this Agent' })).toBeVisible();
});

test('window shopping: a category tile shows its plans with starting prices, and asks the quote only on Get your price', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: 'Plans', exact: true }).getByRole('link', { name: 'Dental Plans' }).click();
  await expect(page).toHaveURL(/\/plans\?type=dental$/);
  await expect(page.getByRole('heading', { name: 'Dental Plans', level: 1 })).toBeVisible();
  await expect(page.getByText(/^From \$\d+\.\d\d\/mo$/).first()).toBeVisible();
  await expect(page.getByRole('dialog'), 'nothing asked yet').toHaveCount(0);
  await noSeriousViolations(page, 'window shopping');

  await page.getByRole('button', { name: 'Get your price' }).click();
  const quote = dialog(page, 'Get your price');
  await expect(quote).toBeVisible();
  await noSeriousViolations(page, 'get your price');
  await quote.getByLabel('Zip Code').fill('30301');
  await quote.getByLabel('Gender').selectOption({ label: 'Female' });
  await quote.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await quote.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
  await quote.getByRole('button', { name: 'See my prices' }).click();

  // Priced, on the same category.
  await expect(quote).toBeHidden();
  await expect(page).toHaveURL(/\/plans\?type=dental$/);
  await expect(page.getByText(/Starting From \$/).first()).toBeVisible();
  await expect(page.getByText(/Zip 30301/)).toBeVisible();
  await expect(page.getByRole('link', { name: /More Info about Brightbite Dental Preferred PPO/ })).toBeVisible();
});

test('More Info while window shopping asks the quote, then opens the plan priced', async ({ page }) => {
  await page.goto('/plans?type=vision');
  await page.getByRole('button', { name: /More Info about/ }).first().click();
  const quote = dialog(page, 'Get your price');
  await quote.getByLabel('Zip Code').fill('30301');
  await quote.getByLabel('Gender').selectOption({ label: 'Male' });
  await quote.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
  await quote.getByLabel('DOB').pressSequentially(dobOfAge(35).replace(/\//g, ''));
  await quote.getByRole('button', { name: 'See my prices' }).click();
  await expect(page).toHaveURL(/\/plan\/\d+\//);
  await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
});

test('a partner link opens the partner’s group’s site and keeps its portal; a broken or bare one is not found', async ({ page }) => {
  await page.goto('/external?site=elevate');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Summit Trades Alliance' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal_id'))).toBe('12');

  await page.goto('/external?site=nobody');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
  await page.goto('/websites?group=not-a-token');
  await expect(page.getByRole('heading', { name: 'OOPS! Page not found' })).toBeVisible();
  // Without what they open, these links are not found either, rather than opening the store for ever.
  for (const bare of ['/external', '/websites', '/external?site=', '/websites?group=']) {
    await page.goto(bare);
    await expect(page.getByRole('heading', { name: 'OOPS! Page not found' }), bare).toBeVisible();
  }
});

test('the access page shows the rep to confirm, and Cancel comes back to the code', async ({ page }) => {
  await page.goto('/access-page');
  await expect(page.getByLabel('Rep Access Code')).toHaveAttribute('placeholder', 'ABCD1234');
  await expect(page.getByRole('link', { name: /^Cart,/ }), 'not the site’s header').toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Plan categories' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Group Application' })).toHaveAttribute('href', 'https://groups.benefitstore.example/apply');
  await expect(page.getByRole('link', { name: 'Member Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Field is required')).toBeVisible();
  await page.getByLabel('Rep Access Code').fill('REP7790');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm rep is correct' })).toBeVisible();
  await expect(page.getByText('Priya Raman')).toBeVisible();
  await expect(page.getByRole('link', { name: '(512) 555-0142' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'priya.raman@benefitstore.example' })).toBeVisible();
  await noSeriousViolations(page, 'access page, confirm the rep');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Rep Access Code')).toBeVisible();

  await page.getByRole('button', { name: 'Employee Enrollment' }).click();
  await expect(dialog(page, 'Employee Enrollment').getByLabel('Group Enrollment Code')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the category menu opens behind its button and closes after a choice', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: 'Plan categories' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await noSeriousViolations(page, 'menu on a phone');
    await page.getByRole('navigation', { name: 'Plan categories' }).getByRole('link', { name: 'Vision Plans' }).click();
    await expect(page).toHaveURL(/\/plans\?type=vision$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { name: 'Vision Plans', level: 1 })).toBeVisible();
  });

  test('a featured plan’s More Info opens that plan’s own page', async ({ page }) => {
    await page.goto('/');
    const featured = page.getByRole('region', { name: 'Featured Plans' }).or(page.locator('section[aria-labelledby="featured-heading"]'));
    const more = featured.first().getByRole('link', { name: /^More Info about / }).first();
    const name = ((await more.textContent()) ?? '').replace(/^More Info about\s*/, '').trim();
    await more.click();
    await expect(page).toHaveURL(/\/plan\/\d+\/[a-z0-9-]+$/);
    // Its price needs a quote: the quote form is asked first, then the plan is shown priced for it.
    const quote = page.getByRole('dialog');
    await quote.getByLabel('Zip Code').fill('30301');
    await quote.getByLabel('Gender').selectOption({ label: 'Female' });
    await quote.getByLabel('Choose Tier').selectOption({ label: 'Member Only' });
    await quote.getByLabel('DOB').pressSequentially(dobOfAge(40).replace(/\//g, ''));
    await quote.getByRole('button', { name: 'See my prices' }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your price' })).toBeVisible();
  });

  test('the quote form opens the plans page at its top', async ({ page }) => {
    await page.goto('/');
    await fillFilter(page, '30301', dobOfAge(40));
    await expect(page).toHaveURL(/\/plans\?type=medical/);
    // The plans page drawn (the landing page's featured plans have More Info links of the same name until then).
    await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeAttached();
    await expect(firstPlanLink(page)).toBeAttached();
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the plans page opens at its top' }).toBe(0);
    await expect(page.getByRole('heading', { name: 'Medical Plans', level: 1 })).toBeInViewport();
  });

  test('the plans start on the first screen, the category filter folded above them', async ({ page }) => {
    await page.goto('/');
    await fillFilter(page, '30301', dobOfAge(40));
    await expect(firstPlanLink(page)).toBeAttached();
    const filter = page.locator('details').filter({ has: page.getByText('Filter by category') });
    await expect(filter.locator('summary')).toHaveText('Filter by category (1 chosen)');
    await expect(page.getByRole('checkbox', { name: /^Dental Plans/ })).toBeHidden();
    await expect(page.locator('section[aria-labelledby^="section-"] h2').first()).toBeInViewport();
    await filter.locator('summary').click();
    await page.getByRole('checkbox', { name: /^Dental Plans/ }).check();
    await expect(filter.locator('summary')).toHaveText('Filter by category (2 chosen)');
    await expect(page.getByRole('heading', { name: 'Dental', level: 2, exact: true })).toBeAttached();
  });
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });

  test('the footer offers the App Store app and not the Google Play one', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('img', { name: 'Download on the App Store' })).toBeVisible();
    await expect(footer.getByRole('img', { name: 'Get it on Google Play' })).toHaveCount(0);
  });
});

test('the footer offers both apps elsewhere, a support ticket, and How to enroll in a window', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('img', { name: 'Get it on Google Play' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Open a support ticket' })).toHaveAttribute('href', 'https://support.benefitstore.example/tickets/new');
  await footer.getByRole('button', { name: 'How to enroll' }).click();
  const video = dialog(page, 'How to enroll');
  await expect(video.getByTitle('How to enroll video')).toHaveAttribute('height', '350');
  await expect(video.getByRole('link', { name: 'Open the video in a new tab' })).toHaveAttribute('href', '/assets/sites/how-to-enroll.html');
  await noSeriousViolations(page, 'how to enroll');
  await video.getByRole('button', { name: 'Close' }).click();
  await expect(video).toBeHidden();
});
