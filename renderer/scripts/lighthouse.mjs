// Lighthouse (mobile, its default simulated throttling) on a fresh load of the landing page and of a wizard step
// (Personal Information), against a running server:
//
//   LIGHTHOUSE_MODULES=/path/to/node_modules node scripts/lighthouse.mjs http://localhost:8080 [runs]
//
// LIGHTHOUSE_MODULES is a node_modules holding lighthouse and puppeteer-core (`npx lighthouse --version` installs both
// into npm's npx cache; they are not the renderer's dependencies). The wizard step is reached as the browser journeys
// reach it (the filter, the first medical plan, checkout), in the same browser; Lighthouse then reloads it with an
// empty cache and the session kept (a user flow's navigation). Prints each run's score, LCP, CLS, TBT and FCP; with
// LH_DEBUG=1, also the step's observed timings, layout shifts, requests (start, end, bytes, priority), long tasks, the
// main thread's work by kind and each script's. Each page is measured in every language of LANGUAGES (`en es` by
// default: the `enroll_lang` cookie the store's language choice sets).
import { chromium } from 'playwright';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { toPersonalInformation } from './journey.mjs';

const [base, runsArg] = process.argv.slice(2);
const modules = process.env.LIGHTHOUSE_MODULES;
if (!base || !modules) {
  console.error('usage: LIGHTHOUSE_MODULES=DIR node scripts/lighthouse.mjs BASE_URL [RUNS]');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const load = (name, file) => import(pathToFileURL(join(modules, name, file)).href);
const { startFlow } = await load('lighthouse', 'core/index.js');
const puppeteer = (await load('puppeteer-core', 'lib/esm/puppeteer/puppeteer-core.js')).default;

/** The session (cookies, local storage) of a browser that reached Personal Information. */
async function personalInformationSession() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await toPersonalInformation(page);
  const state = await context.storageState();
  const url = page.url();
  await browser.close();
  return { state, url };
}

const summary = (lhr) => {
  const a = lhr.audits;
  const ms = (id) => `${(a[id].numericValue / 1000).toFixed(2)} s`;
  return `score ${Math.round(lhr.categories.performance.score * 100)}  LCP ${ms('largest-contentful-paint')}  FCP ${ms('first-contentful-paint')}  CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}  TBT ${Math.round(a['total-blocking-time'].numericValue)} ms`;
};

const languages = (process.env.LANGUAGES ?? 'en es').split(/\s+/).filter(Boolean);
const { state, url: stepUrl } = await personalInformationSession();
for (let run = 1; run <= runs; run++) {
  // The landing page as a new visitor sees it; the step in the browser that reached it; each in each language.
  for (const [page0, url, session, language] of languages.flatMap((l) => [
    ['landing', `${base}/`, null, l],
    ['Personal Information', stepUrl, state, l],
  ])) {
    const name = `${page0} (${language})`;
    const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    const page = await browser.newPage();
    await page.setCookie({ name: 'enroll_lang', value: language, url: base });
    if (session) {
      const origin = new URL(base).origin;
      await page.setCookie(...session.cookies.map((c) => ({ ...c, expires: c.expires > 0 ? c.expires : undefined })));
      await page.goto(`${origin}/404`);
      const stored = session.origins.find((o) => o.origin === origin)?.localStorage ?? [];
      await page.evaluate((items) => items.forEach(({ name: k, value }) => localStorage.setItem(k, value)), stored);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const flow = await startFlow(page, { config: { extends: 'lighthouse:default', settings: { disableStorageReset: true, onlyCategories: ['performance'] } } });
    await flow.navigate(url);
    const [step] = (await flow.createFlowResult()).steps;
    console.log(`run ${run} ${name.padEnd(25)} ${summary(step.lhr)}`);
    if (process.env.LH_DEBUG) {
      const a = step.lhr.audits;
      const mt = a.metrics.details.items[0];
      console.log('observed LCP', mt.observedLargestContentfulPaint, 'FCP', mt.observedFirstContentfulPaint, 'sim LCP', mt.largestContentfulPaint, 'sim FCP', mt.firstContentfulPaint, 'TTI', mt.interactive);
      const lcp = a['largest-contentful-paint-element']?.details?.items ?? [];
      console.log('LCP element', JSON.stringify(lcp.map((i) => i.items?.map((x) => x.node?.selector ?? x.phase ?? x.timing) ?? i.node?.selector)));
      console.log(JSON.stringify(a['layout-shifts']?.details?.items?.map((i) => [i.node?.selector, i.score, i.subItems?.items?.map((x) => x.extra?.selector)])));
      for (const r of a['network-requests'].details.items) console.log(Math.round(r.networkRequestTime), Math.round(r.networkEndTime), r.transferSize, r.priority, r.url.replace(/^https?:\/\/[^/]+/, ''));
      for (const t of a['long-tasks']?.details?.items ?? []) console.log('long task', Math.round(t.startTime), Math.round(t.duration), t.url);
      for (const w of a['mainthread-work-breakdown']?.details?.items ?? []) console.log('main thread', w.groupLabel ?? w.group, Math.round(w.duration));
      for (const b of a['bootup-time']?.details?.items ?? []) console.log('script', Math.round(b.total), 'evaluation', Math.round(b.scripting), 'parse', Math.round(b.scriptParseCompile), b.url.replace(/^https?:\/\/[^/]+/, ''));
    }
    await browser.close();
  }
}
