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
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
