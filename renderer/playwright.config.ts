import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A fresh data directory per run: a new SQLite database, migrated and seeded by `enroll serve` itself.
// The config is read again in each worker, which inherits the environment: keep the first directory made, since the
// journeys read the e-mails the server writes under DATA_DIR/outbox.
// A directory made here is removed after the run (e2e/teardown.ts); one passed in ENROLL_E2E_DATA_DIR is kept.
if (!process.env.ENROLL_E2E_DATA_DIR) {
  process.env.ENROLL_E2E_DATA_DIR = process.env.ENROLL_E2E_MADE_DATA_DIR = mkdtempSync(join(tmpdir(), 'enroll-e2e-'));
}
const dataDir = process.env.ENROLL_E2E_DATA_DIR;
// The server's port is one the system says is free, asked once in the same way: the config is evaluated synchronously,
// so a child process listens on port 0 and prints the port it was given; the workers inherit it with the environment.
const freePort = "const probe = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(probe.address().port)); probe.close(); });";
// The server scans documents with the machine's clamd (scripts/ensure-clamd.sh starts one, installing Debian's
// clamav-daemon where it is missing), asked once, as the port is.
process.env.ENROLL_E2E_CLAMD ??= execFileSync('../scripts/ensure-clamd.sh').toString().trim().split('\n').pop() ?? '';
const port = Number((process.env.ENROLL_E2E_PORT ??= execFileSync(process.execPath, ['-e', freePort]).toString().trim()));

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/teardown.ts',
  // One journey at a time: the browser, the debug server and axe keep both cores busy, so a second worker only
  // doubles each journey's time (measured: 13.6 s against 24.6 s for the first). The limit leaves room for a slower
  // machine: a journey took a minute in CI.
  timeout: 120_000,
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
    // ENROLL_E2E_BINARY runs the journeys against another build of the server (the release one: target/release/enroll).
    command: `${process.env.ENROLL_E2E_BINARY ?? './target/debug/enroll'} serve`,
    cwd: '..',
    url: `http://localhost:${port}/api/v1/get-plan-category`,
    // ENROLL_E2E_RENDERER_DIR lets two builds of the renderer be tried side by side (renderer/dist by default).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      RENDERER_DIR: process.env.ENROLL_E2E_RENDERER_DIR ?? 'renderer/dist',
      RUST_LOG: 'warn',
      CLAMD_ADDRESS: process.env.ENROLL_E2E_CLAMD,
      // The single-portal deployment's host (e2e/white-label.spec.ts reaches it by name).
      SINGLE_PORTAL_HOST: 'enroll.harborstone-worksite.example',
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
