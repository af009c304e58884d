import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The same stack `npm start` runs (local-stack/stack.mjs), with a throw-away data directory.
import { startStack } from 'local-stack/stack.mjs';
import { webApps } from 'local-stack/apps.mjs';
import { chromiumPath } from './chromium';
import { privatePort } from './servers';

/**
 * The origins the shared API answers in the browser: the standard web apps' (its own default) and
 * the private copy of the shell (:4000, servers.ts), whose admin pages call the shared API from
 * their origin. Without it the private admin console's article list always failed (CORS), and a
 * test that checked "no 再読み込み" there passed only while the list was still loading.
 */
const apiOrigins = [...webApps.map((app) => app.port), privatePort(3000)]
  .flatMap((port) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`])
  .join(',');

export default async function globalSetup() {
  chromiumPath();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-e2e-'));
  // An empty release store: the suite serves the fresh builds, never a developer's local releases.
  const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-e2e-releases-'));
  // E2E_WEB_ONLY=1 serves the web apps without the API and emulator (quick platform checks).
  const webOnly = process.env.E2E_WEB_ONLY === '1';
  const stack = await startStack({
    dataDir,
    quiet: !process.env.E2E_VERBOSE,
    withApi: !webOnly,
    withEmulator: !webOnly,
    storeDir,
    apiEnv: { CORS_ORIGINS: apiOrigins },
  });
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(storeDir, { recursive: true, force: true });
  };
}
