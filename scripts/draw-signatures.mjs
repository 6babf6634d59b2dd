// Draws the signature fixtures of engine/src/signature.rs on the store's own pad (signature_pad, 480 x 160, white
// background, as renderer/src/components/signature-widget.tsx makes it) in headless Chromium, with a mouse:
// a name written in two words, an untouched pad, a single tap and a short dash. Run from the repository's root:
//   node scripts/draw-signatures.mjs
// It writes fixtures/signatures/*.png; the engine's tests read them.
import { chromium } from '../renderer/node_modules/playwright-core/index.mjs';
import { readFileSync, writeFileSync } from 'node:fs';

const pad = readFileSync('renderer/node_modules/signature_pad/dist/signature_pad.umd.min.js', 'utf8');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const page = await browser.newPage({ viewport: { width: 600, height: 300 } });

/** A fresh pad at the page's top left; answers the PNG after `draw` moved the mouse. */
async function drawn(draw) {
  await page.setContent(`<canvas id="pad" width="480" height="160" style="position:absolute;left:0;top:0"></canvas>`);
  await page.addScriptTag({ content: pad });
  await page.evaluate(() => {
    window.signature = new window.SignaturePad(document.getElementById('pad'), { backgroundColor: 'rgb(255,255,255)' });
  });
  await draw();
  const url = await page.evaluate(() => window.signature.toDataURL('image/png'));
  return Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
}

/** One stroke through the points, the mouse moving in small steps as a hand does. */
async function stroke(points) {
  await page.mouse.move(points[0][0], points[0][1]);
  await page.mouse.down();
  for (const [x, y] of points.slice(1)) await page.mouse.move(x, y, { steps: 6 });
  await page.mouse.up();
}

// "Dana Okafor" in a quick hand: a capital D, a run of loops, a capital O, another run, and an underline.
const name = async () => {
  await stroke([[40, 40], [40, 120], [70, 118], [92, 95], [95, 65], [78, 45], [40, 40]]);
  await stroke([[105, 100], [118, 85], [126, 100], [132, 88], [142, 104], [150, 86], [160, 104], [170, 88], [178, 104]]);
  await stroke([[230, 50], [208, 70], [206, 105], [228, 122], [254, 108], [260, 72], [240, 50], [230, 50]]);
  await stroke([[270, 105], [280, 60], [284, 108], [300, 80], [312, 104], [322, 84], [334, 106], [346, 86], [356, 104], [372, 84], [388, 104]]);
  await stroke([[60, 138], [200, 134], [400, 130]]);
};

writeFileSync('fixtures/signatures/drawn-name.png', await drawn(name));
writeFileSync('fixtures/signatures/blank-pad.png', await drawn(async () => {}));
writeFileSync('fixtures/signatures/single-dot.png', await drawn(async () => {
  await page.mouse.move(240, 80);
  await page.mouse.down();
  await page.mouse.up();
}));
writeFileSync('fixtures/signatures/short-dash.png', await drawn(async () => stroke([[230, 80], [250, 81]])));
await browser.close();
