#!/usr/bin/env node
// `npm test`: the lint (ESLint with the import boundaries, Prettier, tsc -b), every unit/component
// test (Jest), then the end-to-end suite (Playwright in Debian Chromium) against fresh production
// builds, the article API and the Auth emulator.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './lib/apps.mjs';
import { buildApps, buildWebServer } from './build.mjs';
import { runLint } from './lint.mjs';

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
);
if (!chromium) {
  console.error(
    'Chromium was not found: install it with `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then run npm test again.',
  );
  process.exit(1);
}

const results = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-test-'));
const run = (label, command, args, options = {}) => {
  console.log(`\n▶ ${label}`);
  return spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options }).status ?? 1;
};
const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

// The web server's dist/ (esbuild, < 1 s): the dev stack and the scripts' tests import it.
await buildWebServer();

console.log('\n▶ lint (ESLint, Prettier, tsc -b)');
const lint = runLint();

const jestJson = path.join(results, 'jest.json');
// --experimental-vm-modules: the release tooling's tests import the Node ESM scripts as they are.
const jestStatus = run('unit and component tests (Jest)', process.execPath, [
  '--experimental-vm-modules',
  'node_modules/jest/bin/jest.js',
  '--ci',
  '--json',
  `--outputFile=${jestJson}`,
]);

let e2eStatus = 1;
let sizeStatus = 1;
const e2eJson = path.join(results, 'playwright.json');
try {
  buildApps({ onlyStale: true });
  sizeStatus = run('bundle budgets (size-limit, .size-limit.cjs)', process.execPath, [
    path.join(repoRoot, 'node_modules/size-limit/bin.js'),
  ]);
  e2eStatus = run(
    'end-to-end tests (Playwright, Chromium)',
    process.execPath,
    [path.join(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test'],
    {
      cwd: path.join(repoRoot, 'e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, PLAYWRIGHT_REPORTERS: 'list,json' },
    },
  );
} catch (error) {
  console.error(error.message);
}

const jest = readJson(jestJson);
const pw = readJson(e2eJson);
/** A phase that failed without a failed test (it could not start, a file did not load) counts as one. */
const failedCount = (counted, status) => (status !== 0 && !counted ? 1 : (counted ?? 0));
const unit = { passed: jest?.numPassedTests ?? 0, failed: failedCount(jest?.numFailedTests, jestStatus) };
const e2e = { passed: pw?.stats?.expected ?? 0, failed: failedCount(pw?.stats?.unexpected, e2eStatus) };
const flaky = pw?.stats?.flaky ?? 0;
console.log(`\nlint: ${lint.passed} passed, ${lint.failed.length} failed`);
console.log(`unit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`e2e: ${e2e.passed + flaky} passed, ${e2e.failed} failed${flaky ? ` (${flaky} passed on retry)` : ''}`);
const budgets = sizeStatus === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
console.log(`budgets: ${budgets.passed} passed, ${budgets.failed} failed`);
console.log(
  `total: ${lint.passed + unit.passed + e2e.passed + flaky + budgets.passed} passed, ${lint.failed.length + unit.failed + e2e.failed + budgets.failed} failed`,
);
process.exit(lint.failed.length || jestStatus || sizeStatus || e2eStatus ? 1 : 0);
