// The JavaScript a page loads, gzipped: every script a fresh load of a page fetches, each compressed with node's zlib
// at level 6 (what a server's gzip gives), and their total. Against a running server:
//
//   node scripts/measure-js.mjs http://localhost:8080                 the landing page (/)
//   node scripts/measure-js.mjs http://localhost:8080 / /plans?type=dental
//   node scripts/measure-js.mjs http://localhost:8080 --language es    the landing page in Spanish
//   node scripts/measure-js.mjs http://localhost:8080 --wizard        the wizard's first four steps, reached as the
//                                                                      browser journeys reach them (e2e/helpers.ts)
//
// Each page is loaded in a browser context of its own (an empty cache) holding the session's cookies and storage, so
// the figure is what a person arriving at that address downloads.
import { chromium } from 'playwright';
import { gzipSync } from 'node:zlib';
import { toPersonalInformation } from './journey.mjs';

const [base, ...rest] = process.argv.slice(2);
if (!base) {
  console.error('usage: node scripts/measure-js.mjs BASE_URL [--wizard] [PATH...]');
  process.exit(2);
}
const wizard = rest.includes('--wizard');
// `--language es`: the page as a visitor who chose that language loads it (its catalogue among the scripts).
const language = rest.includes('--language') ? rest[rest.indexOf('--language') + 1] : null;
const paths = rest.filter((a, i) => a !== '--wizard' && a !== '--language' && rest[i - 1] !== '--language');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

// KB of 1,000 bytes, as docs/PERFORMANCE.md counts.
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** A fresh load of `path` in a new context carrying `state`; prints each script and the total, gzipped. */
async function measure(path, state, ready) {
  const context = await browser.newContext({ baseURL: base, storageState: state });
  if (language) await context.addCookies([{ name: 'enroll_lang', value: language, url: base }]);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const url = new URL(response.url()).pathname;
    scripts.set(url, response.body().then((body) => gzipSync(body, { level: 6 }).length));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  if (ready) await ready(page);
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(async ([url, size]) => [url, await size]));
  await context.close();
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  console.log(`${path}: ${kb(total)} gzip in ${sizes.length} scripts`);
  for (const [url, size] of sizes.sort((a, b) => b[1] - a[1])) console.log(`  ${kb(size).padStart(9)}  ${url}`);
  return total;
}

for (const path of paths.length > 0 || wizard ? paths : ['/']) await measure(path);

if (wizard) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const step = (name) => page.getByRole('heading', { name, level: 1 }).waitFor();
  await toPersonalInformation(page);

  const at = async (name) => {
    await step(name);
    const path = new URL(page.url()).pathname;
    await measure(path, await context.storageState(), (fresh) => fresh.getByRole('heading', { name, level: 1 }).waitFor());
  };
  await at('Personal Information');
  await page.getByLabel('First Name').fill('Dana');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Weight (lbs)').fill('165');
  await page.getByLabel('Height (feet)').fill('5');
  await page.getByLabel('Height (inches)').fill('7');
  await page.getByLabel('Marital Status').selectOption({ label: 'Married' });
  await page.getByLabel('Social Security Number').fill('123456789');
  await page.getByLabel('No prior Health Coverage').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/contact-information/);
  await at('Contact Information');
  await page.getByLabel('Email').fill('dana.okafor@example.com');
  await page.getByLabel('Phone').fill('4045550134');
  await page.getByLabel('Address 1').fill('12 Peachtree St NE');
  await page.getByLabel('Birth State').selectOption({ label: 'Georgia' });
  await page.getByLabel('Birth City').fill('Macon');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/health-questions/);
  await at('Health Questions');
  // Every answer left at No, taken once each question is confirmed read.
  await page.getByLabel(/^I have read each question above/).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/agreement-signature/);
  await at('Agreement, Application and Authorization');
  await context.close();
}

await browser.close();
