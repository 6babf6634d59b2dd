import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Every file under `dir`, at any depth. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/**
 * The carriers' 834 files of the applications the journeys submitted (an individual, a family with dependents, an
 * existing member, a rep's member, a cancelled one), made as a server makes them every EDI_BATCH_SECS
 * (`enroll edi run` on the journeys' database), each read by both outside validators (scripts/validate-834): none may
 * have an error.
 */
function checkCarrierFiles(dataDir: string) {
  const repo = resolve(process.cwd(), '..');
  const binary = process.env.ENROLL_E2E_BINARY ?? './target/debug/enroll';
  execFileSync(binary, ['edi', 'run'], { cwd: repo, env: { ...process.env, DATA_DIR: dataDir, RUST_LOG: 'warn' }, stdio: 'pipe' });
  const files = filesUnder(join(dataDir, 'edi', 'outbound')).filter((f) => f.endsWith('.x12'));
  if (files.length === 0) {
    // The whole suite submits applications; a run of a few journeys may not.
    if (process.env.CI === 'true') throw new Error('the journeys submitted applications, yet no 834 file was made of them');
    console.log("no 834 file: the journeys run submitted no application");
    return;
  }
  // Both outside validators, as the engine's and the api's tests hold their files to them.
  const run = spawnSync(join(repo, 'scripts', 'validate-834'), files, { encoding: 'utf8' });
  const said = `${run.stdout}${run.stderr}`;
  if (run.status === 3) {
    if (process.env.CI === 'true') throw new Error(`an outside validator is missing under CI=true: ${said}`);
    console.warn(`SKIPPED: the outside validation of the journeys' 834 files: ${said}`);
    return;
  }
  if (run.status !== 0) throw new Error(`the outside validators found errors in the journeys' 834 files:\n${said}`);
  const count = files.length === 1 ? 'one 834 file' : `${files.length} 834 files`;
  console.log(`the journeys' applications made ${count} for their carriers; x12valid and LinuxForHealth x12 found no error`);
}

/**
 * After the journeys: their applications' 834 files are checked, then the data directory playwright.config.ts made for
 * the run is removed (one passed in is kept).
 */
export default function teardown() {
  const dataDir = process.env.ENROLL_E2E_DATA_DIR;
  if (dataDir) checkCarrierFiles(dataDir);
  const dir = process.env.ENROLL_E2E_MADE_DATA_DIR;
  // The journeys' server may still be stopping and writing: a few tries.
  if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
