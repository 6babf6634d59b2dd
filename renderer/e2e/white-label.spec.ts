// A white-label domain: a group's site reached by its own host name (the Host header decides whose site it is). The
// browser resolves the domain to this machine, so the journeys' server answers it.
import { expect, test } from '@playwright/test';
import { noSeriousViolations } from './helpers';
import config from '../playwright.config';

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--host-resolver-rules=MAP peachtree-benefits.example 127.0.0.1, MAP enroll.harborstone-worksite.example 127.0.0.1'],
  },
});

test('opened by its own host name, the store wears the group’s logo, phone and colours', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/get-external-site-dynamic-information')) asked.push(r.headers()['authorization'] ?? '');
  });
  const site = `http://peachtree-benefits.example:${process.env.ENROLL_E2E_PORT}/`;
  const settings = page.waitForResponse((r) => r.url().includes('/get-external-site-dynamic-information'));
  await page.goto(site);
  // The domain's pictures are read with the spec's call, its base64 domain and basic authorization...
  const answer = await settings;
  expect(answer.status()).toBe(200);
  expect(new URL(answer.url()).searchParams.get('site_domain')).toBe(Buffer.from('peachtree-benefits.example').toString('base64'));
  expect(asked[0]).toMatch(/^Basic /);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Peachtree Logistics Benefits' })).toBeVisible();
  await expect(header.getByText('(404) 555-0188')).toBeVisible();
  await expect(header.getByText('Benefits for the people who keep Atlanta moving')).toBeVisible();
  // The header's band is the group's primary colour, #b5472a.
  await expect(header).toHaveCSS('background-color', 'rgb(181, 71, 42)');
  await expect(page.getByRole('button', { name: 'Start Enrollment' })).toBeVisible();
  await noSeriousViolations(page, 'white-label domain');
  // ...and kept by the browser: the next page does not ask again.
  await page.reload();
  await expect(header.getByRole('img', { name: 'Peachtree Logistics Benefits' })).toBeVisible();
  expect(asked).toHaveLength(1);
});

test('the single-portal deployment shows its group’s site with no Home link', async ({ page }) => {
  await page.goto(`http://enroll.harborstone-worksite.example:${process.env.ENROLL_E2E_PORT}/`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Summit Trades Alliance' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Enrollment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveCount(0);
  await noSeriousViolations(page, 'single-portal host');
});
