/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
