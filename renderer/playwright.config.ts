import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A fresh data directory per run: a new SQLite database, migrated and seeded by `enroll serve` itself.
// The config is read again in each worker, which inherits the environment: keep the first directory made, since the
// journeys read the e-mails the server writes under DATA_DIR/outbox.
const dataDir = (process.env.ENROLL_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'enroll-e2e-')));
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
