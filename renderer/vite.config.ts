/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

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

export default defineConfig({
  plugins: [react(), markdownOnDemand()],
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
  },
});
