// Where a fresh load of Personal Information spends the browser's CPU, by function, against a running server:
//
//   npx vite build --minify false && node scripts/profile-step.mjs http://localhost:8080
//
// (an unminified build keeps the functions' names). Reaches the step as the browser journeys do (journey.mjs), then
// loads it again in a new tab of the same session with the CPU slowed four times, as Lighthouse's mobile run assumes,
// and prints the time spent in each function itself, in it and what it called, and in each React component (the
// milliseconds are of the slowed CPU). Not part of any test: a tool for finding what a Lighthouse figure is made of.
import { chromium } from 'playwright';
import { toPersonalInformation } from './journey.mjs';
const base = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ baseURL: base, viewport: { width: 412, height: 823 } });
const page = await context.newPage();
await toPersonalInformation(page);
const url = page.url();
const p2 = await context.newPage();
const cdp = await p2.context().newCDPSession(p2);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await p2.goto(url);
await p2.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
// Each sample's time goes to its function (self) and once to every function on its stack (total).
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(), total = new Map();
const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const d = (dt[i + 1] ?? 0) / 1000;
  const n = byId.get(id);
  const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key(n), (self.get(key(n)) ?? 0) + d);
  const seen = new Set();
  let cur = id;
  while (cur) { const k = key(byId.get(cur)); if (!seen.has(k)) { total.set(k, (total.get(k) ?? 0) + d); seen.add(k); } cur = parent.get(cur); }
});
const top = (m, n) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`).join('\n');
console.log('SELF\n' + top(self, 30));
console.log('TOTAL\n' + top(total, 40));
console.log('COMPONENTS\n' + top(new Map([...total].filter(([k]) => /^[A-Z]/.test(k))), 40));
await browser.close();
