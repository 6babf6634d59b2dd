/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * rjsf imports its markdown renderer (markdown-to-jsx, nearly a third of the form library's script) into every form,
 * though it draws markdown only where a uiSchema asks for it, which none of the forms here does: its import is
 * resolved to components/lazy-markdown.tsx, which loads the same renderer (components/markdown-renderer.ts, given the
 * copy rjsf itself would get) when a form first draws markdown. The build only: the dev server pre-bundles rjsf whole,
 * and tests run it as it is.
 */
function markdownOnDemand(): Plugin {
  const lazyMarkdown = fileURLToPath(new URL('./src/components/lazy-markdown.tsx', import.meta.url));
  const renderer = fileURLToPath(new URL('./src/components/markdown-renderer.ts', import.meta.url));
  const rjsfCore = /[\\/]node_modules[\\/]@rjsf[\\/]core[\\/]/;
  let rjsfFile: string | undefined;
  return {
    name: 'markdown-on-demand',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'markdown-to-jsx/react' || !importer) return null;
      if (rjsfCore.test(importer)) {
        rjsfFile = importer;
        return lazyMarkdown;
      }
      // The renderer loaded on demand: the one rjsf would have had.
      if (importer === renderer && rjsfFile) return this.resolve(source, rjsfFile, { skipSelf: true });
      return null;
    },
  };
}

/**
 * The form library brings more than the server's forms use, and a wizard step carries every byte of it. The build gives
 * it smaller or quicker pieces of this renderer's own in four places, each held to the original's answers by a test
 * (tests run the library as it is):
 * - fast-uri (a whole URI library, about 6 KB compressed), which ajv and rjsf use to resolve schema ids and `$ref`s:
 *   src/lib/uri.ts parses, writes, compares and resolves as it does for the ids the forms use (uri.test.ts);
 * - ajv-formats (every JSON Schema format, about 2 KB): src/lib/formats.ts adds the formats the server's forms use,
 *   as ajv-formats checks them (formats.test.ts);
 * - the draft-07 ajv class rjsf imports as its default, though the forms are checked by the draft 2020-12 class
 *   (components/schema-form.tsx): rjsf gets that one;
 * - the decimal separator, which rjsf takes from the browser's languages with a new Intl.NumberFormat on every draw of
 *   every number field: src/lib/decimal-separator.ts answers the store's, a point (decimal-separator.test.ts).
 */
function slimFormLibrary(): Plugin {
  const own = (file: string) => fileURLToPath(new URL(file, import.meta.url));
  const replaced: { source: string; importer: RegExp; by: string }[] = [
    { source: 'fast-uri', importer: /[\\/]node_modules[\\/](ajv|@rjsf[\\/]utils)[\\/]/, by: own('./src/lib/uri.ts') },
    { source: 'ajv-formats', importer: /[\\/]node_modules[\\/]@rjsf[\\/]validator-ajv8[\\/]/, by: own('./src/lib/formats.ts') },
    { source: 'ajv', importer: /[\\/]node_modules[\\/]@rjsf[\\/]validator-ajv8[\\/]/, by: 'ajv/dist/2020' },
    { source: './getDecimalSeparator.js', importer: /[\\/]node_modules[\\/]@rjsf[\\/]utils[\\/]lib[\\/]/, by: own('./src/lib/decimal-separator.ts') },
    { source: './vocabularies/discriminator', importer: /[\\/]node_modules[\\/]ajv[\\/]dist[\\/]2020\.js$/, by: own('./src/lib/ajv-unused.ts') },
    { source: './refs/json-schema-2020-12', importer: /[\\/]node_modules[\\/]ajv[\\/]dist[\\/]2020\.js$/, by: own('./src/lib/ajv-unused.ts') },
  ];
  return {
    name: 'slim-form-library',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const found = importer ? replaced.find((r) => r.source === source && r.importer.test(importer)) : undefined;
      if (!found) return null;
      return found.by.startsWith('/') ? found.by : this.resolve(found.by, importer, { skipSelf: true });
    },
  };
}

/**
 * A message as the page gets it: a message with nothing to fill in (most of them) as its text, which the page shows
 * as it is; any other compiled by FormatJS's parser into its elements, which intl-messageformat formats without a
 * parser. A message that does not parse stops the build.
 */
function compiledMessage(text: string, where: string): string {
  let elements;
  try {
    elements = parse(text);
  } catch (e) {
    throw new Error(`${where}: "${text}" does not parse: ${(e as Error).message}`);
  }
  const only = elements.length === 1 ? elements[0] : undefined;
  if (elements.length === 0) return '""';
  return only && only.type === 0 ? JSON.stringify(only.value) : JSON.stringify(elements);
}

/**
 * Each feature's English (`defaultMessage` in its messages files, a string literal) compiled in place, as the
 * catalogues are: the page ships no message parser. (Ids stay as they are written: a short digest of each compresses
 * worse than the names, which share their prefixes.)
 */
function compiledEnglish(): Plugin {
  const literal = /defaultMessage:\s*('(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*")/g;
  return {
    name: 'compiled-english',
    enforce: 'pre',
    transform(code, id) {
      if (!/messages\.ts$/.test(id) || !code.includes('defineMessages')) return null;
      return code.replace(literal, (_, written: string) => {
        const text = new Function(`return ${written}`)() as string;
        return `defaultMessage: ${compiledMessage(text, id)}`;
      });
    },
  };
}

/**
 * The languages besides English: `virtual:locales` answers `{ es: () => import(...) }` for each folder of catalogues
 * in src/locales (one file per part of the store, `src/locales/es/cart.json`; en.json is the code's English, gathered
 * for translators), and each language is compiled here, at build time, into one module: the page ships no message
 * parser and loads a language's words only when it is chosen. A message that does not parse, or one id written twice,
 * stops the build, naming it.
 */
function locales(): Plugin {
  const folder = fileURLToPath(new URL('./src/locales', import.meta.url));
  const list = '\0virtual:locales';
  const one = '\0virtual:locale/';
  const languages = () =>
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return {
    name: 'locales',
    resolveId(source) {
      if (source === 'virtual:locales') return list;
      if (source.startsWith('virtual:locale/')) return one + source.slice('virtual:locale/'.length);
      return null;
    },
    load(id) {
      if (id === list) {
        const entries = languages().map((l) => `  ${JSON.stringify(l)}: () => import('virtual:locale/${l}').then((m) => m.default),`);
        return `export const catalogues = {\n${entries.join('\n')}\n};\n`;
      }
      if (!id.startsWith(one)) return null;
      const language = join(folder, id.slice(one.length));
      const compiled: Record<string, unknown> = {};
      for (const name of readdirSync(language).filter((f) => f.endsWith('.json')).sort()) {
        const file = join(language, name);
        this.addWatchFile(file);
        for (const [key, text] of Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)) {
          if (key in compiled) throw new Error(`${file}: message ${key} is written twice`);
          compiled[key] = JSON.parse(compiledMessage(text, `${file}: message ${key}`));
        }
      }
      return `export default ${JSON.stringify(compiled)};\n`;
    },
  };
}

/**
 * Every text file of the build is also written brotli- and gzip-compressed beside itself (`x.js.br`, `x.js.gz`), at the
 * highest levels, once: the server answers those to browsers that take them, instead of compressing the same script
 * again for every visitor (which held a 2-core server to about 150 main scripts a second).
 */
function precompressed(): Plugin {
  const text = /\.(js|css|html|svg|json|txt)$/;
  let outDir = 'dist';
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_, bundle) {
      for (const name of [...Object.keys(bundle), 'index.html'].filter((n, i, all) => text.test(n) && all.indexOf(n) === i)) {
        const file = join(outDir, name);
        const plain = readFileSync(file);
        const brotli = brotliCompressSync(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
        });
        const gzip = gzipSync(plain, { level: 9 });
        // A file too small to gain is served as it is.
        if (brotli.length < plain.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < plain.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    compiledEnglish(),
    locales(),
    react(),
    markdownOnDemand(),
    slimFormLibrary(),
    precompressed(),
  ],
  // Every message reaches the page compiled: the parser stays out of the bundle.
  resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] },
  // /assets is the catalogue's images (served from fixtures/assets); the bundle lives beside it under /static.
  build: { assetsDir: 'static' },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/assets': 'http://localhost:8080' },
  },
  test: {
    environment: 'happy-dom',
    // The client fetches relative paths (/api/v1/...), and msw matches its handlers' relative paths the same way: both
    // resolve against the document's URL, so the page is given a fixed origin rather than whatever default the DOM
    // library picks.
    environmentOptions: { happyDOM: { url: 'http://localhost' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Both cores: vitest's default leaves one free, which on a two-core machine runs the files one at a time (5.7 min
    // against 3.5 for the suite here).
    maxWorkers: 2,
    minWorkers: 1,
  },
});
