import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A fresh data directory per run: a new SQLite database, migrated and seeded by `enroll serve` itself.
const dataDir = mkdtempSync(join(tmpdir(), 'enroll-e2e-'));
const port = 8090;

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: './target/debug/enroll serve',
    cwd: '..',
    url: `http://localhost:${port}/api/v1/get-plan-category`,
    env: { PORT: String(port), DATA_DIR: dataDir, RENDERER_DIR: 'renderer/dist', RUST_LOG: 'warn' },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
