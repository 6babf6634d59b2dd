import { rmSync } from 'node:fs';

/** After the journeys: the data directory playwright.config.ts made for the run is removed (one passed in is kept). */
export default function teardown() {
  const dir = process.env.ENROLL_E2E_MADE_DATA_DIR;
  // The journeys' server may still be stopping and writing: a few tries.
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
