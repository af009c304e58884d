// The Firebase Storage emulator for tests, the benchmark and anyone who wants a bucket offline:
// firebase-tools' own emulator, started without its Java rules runtime
// (tooling/overrides/firebase-storage-emulator: why, and what that leaves out), on a free port.
// Its bucket is served path-style at http://127.0.0.1:<port>/<bucket>/<object>.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './apps.mjs';
import { freePort, startChild, stopChild } from './processes.mjs';

const PROGRAM = path.join(repoRoot, 'tooling/overrides/firebase-storage-emulator/offlineStorageEmulator.js');
export const STORAGE_EMULATOR_PROJECT = 'demo-ai-manabi';

/**
 * Starts the emulator (on `port`, else a free one) and resolves once it listens.
 * `stop()` ends it (SIGTERM); `kill(signal)` sends a signal as a fault would (SIGKILL, SIGSTOP,
 * SIGCONT), without waiting.
 * @param {{ port?: number, quiet?: boolean }} [options]
 */
export async function startStorageEmulator({ port, quiet = true } = {}) {
  const chosen = port ?? (await freePort());
  // A temporary folder of its own: the emulator keeps objects' bytes in <tmpdir>/firebase/storage/
  // under names made of bucket and object name, and deletes that folder when it stops, so two
  // emulators sharing one (two test files at once) would overwrite and delete each other's objects.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-emulator-'));
  const child = startChild('storage', process.execPath, [PROGRAM, String(chosen), STORAGE_EMULATOR_PROJECT], {
    cwd: repoRoot,
    env: { TMPDIR: tmp },
    quiet,
  });
  child.once('exit', () => fs.rmSync(tmp, { recursive: true, force: true }));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the Storage emulator was not ready after 30 s')), 30_000);
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      if (seen.includes(`ready ${chosen}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Storage emulator exited (code ${code}) before it was ready`));
    });
  });
  const host = `127.0.0.1:${chosen}`;
  return {
    child,
    port: chosen,
    host,
    /** What @google-cloud/storage reads (STORAGE_EMULATOR_HOST). */
    url: `http://${host}`,
    stop: () => stopChild(child),
    /** @param {NodeJS.Signals} signal */
    kill: (signal) => {
      if (child.exitCode === null && child.signalCode !== 'SIGKILL') process.kill(child.pid, signal);
    },
  };
}
