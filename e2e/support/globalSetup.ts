import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The same stack `npm start` runs (local-stack/stack.mjs), with a throw-away data directory.
import { startStack } from 'local-stack/stack.mjs';
import { chromiumPath } from './chromium';

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
  });
  return async () => {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(storeDir, { recursive: true, force: true });
  };
}
