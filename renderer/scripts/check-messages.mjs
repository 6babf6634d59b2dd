// The message catalogues are whole (part of `make test`, as `npm run check-messages`):
// - src/locales/en.json is exactly the English the code holds (each feature's messages.ts), as `npm run messages`
//   gathers it, so translators work from what the page says;
// - every other language (a folder, src/locales/es, of one file per part of the store) has every message, no message the code no longer has, the same placeholders and tags as the
//   English (a translation may move them, never drop or invent one), and no message left in English, unless
//   src/locales/same-as-english.json lists it for that language (a word both languages write alike, such as "Total").
// It prints what it checked, and each fault with the message's id.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const folder = new URL('../src/locales/', import.meta.url).pathname;
const read = (file) => JSON.parse(readFileSync(join(folder, file), 'utf8'));
const faults = [];

const extracted = join(mkdtempSync(join(tmpdir(), 'messages-')), 'en.json');
execFileSync('npx', ['formatjs', 'extract', 'src/**/*.{ts,tsx}', '--ignore', 'src/**/*.test.{ts,tsx}', '--ignore', 'src/**/*.d.ts', '--format', 'simple', '--out-file', extracted], { stdio: 'inherit' });
const english = JSON.parse(readFileSync(extracted, 'utf8'));
const written = read('en.json');
for (const id of new Set([...Object.keys(english), ...Object.keys(written)])) {
  if (english[id] !== written[id]) faults.push(`en: ${id} differs from the code's English: run npm run messages`);
}

/** The placeholders and tags of a message, as a sorted list. */
function parts(text) {
  const found = new Set();
  const walk = (elements) => {
    for (const e of elements) {
      if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
      found.add(e.type === TYPE.tag ? `<${e.value}>` : `{${e.value}}`);
      if (e.children) walk(e.children);
      if (e.options) for (const option of Object.values(e.options)) walk(option.value);
    }
  };
  walk(parse(text));
  return [...found].sort().join(' ');
}

/** A language's messages, from every file of its folder; an id written in two files is a fault. */
function catalogueOf(language) {
  const merged = {};
  for (const file of readdirSync(join(folder, language)).filter((f) => f.endsWith('.json'))) {
    for (const [id, text] of Object.entries(read(join(language, file)))) {
      if (id in merged) faults.push(`${language}: ${id} is written twice (again in ${file})`);
      merged[id] = text;
    }
  }
  return merged;
}

const same = read('same-as-english.json');
const languages = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const catalogues = Object.fromEntries(languages.map((l) => [l, catalogueOf(l)]));
for (const language of languages) {
  const catalogue = catalogues[language];
  const alike = new Set(same[language] ?? []);
  for (const [id, text] of Object.entries(english)) {
    if (!(id in catalogue)) {
      faults.push(`${language}: ${id} is missing ("${text}")`);
      continue;
    }
    let translated;
    try {
      translated = parts(catalogue[id]);
    } catch (e) {
      faults.push(`${language}: ${id} does not parse: ${e.message}`);
      continue;
    }
    if (translated !== parts(text)) faults.push(`${language}: ${id} has ${translated || 'no placeholders'} where the English has ${parts(text) || 'none'}`);
    if (catalogue[id].trim() === text.trim() && !alike.has(id)) faults.push(`${language}: ${id} is still in English ("${text}")`);
  }
  for (const id of Object.keys(catalogue)) if (!(id in english)) faults.push(`${language}: ${id} is no message of the code's`);
}

console.log(`messages: ${Object.keys(english).length} in English; ${languages.map((l) => `${l}: ${Object.keys(catalogues[l]).length}`).join(', ')}`);
if (faults.length) {
  console.error(faults.join('\n'));
  console.error(`messages: ${faults.length} fault(s)`);
  process.exit(1);
}
