// A white-label domain: a group's site reached by its own host name (the Host header decides whose site it is). The
// browser resolves the domain to this machine, so the journeys' server answers it.
import { expect, test } from '@playwright/test';
import { noSeriousViolations } from './helpers';
import config from '../playwright.config';

test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [...(config.use?.launchOptions?.args ?? []), '--host-resolver-rules=MAP peachtree-benefits.example 127.0.0.1'],
  },
});

test('opened by its own host name, the store wears the group’s logo, phone and colours', async ({ page }) => {
  await page.goto(`http://peachtree-benefits.example:${process.env.ENROLL_E2E_PORT}/`);
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Peachtree Logistics Benefits' })).toBeVisible();
  await expect(header.getByText('(404) 555-0188')).toBeVisible();
  await expect(header.getByText('Benefits for the people who keep Atlanta moving')).toBeVisible();
  // The header's band is the group's primary colour, #b5472a.
  await expect(header).toHaveCSS('background-color', 'rgb(181, 71, 42)');
  await expect(page.getByRole('button', { name: 'Start Enrollment' })).toBeVisible();
  await noSeriousViolations(page, 'white-label domain');
});
