#!/usr/bin/env node
// `npm test`: the lint (ESLint with the import boundaries, Prettier, tsc -b), every unit/component
// test (Jest), the bundle budgets and the end-to-end suite (Playwright in Debian Chromium) against
// fresh production builds, the article API and the Auth emulator. Each phase's wall time and
// CPU-seconds are printed, and phases that do not need each other overlap (docs/testing.md says
// why this way):
//
//   lint ──────────────────────────────────────────────┐
//   builds ─┬─▶ budgets, Playwright (lanes) ────────────┤
//           └─▶ Jest (all but the load tests) ──────────┴─▶ Jest load tests, alone ─▶ summary
//
// Most of a browser test's time is waiting, so Jest and the browser lanes share the two cores.
// The API's fixed-rate load tests (200 requests/s for 60 s, which the API must keep up) miss their
// rate when anything shares the cores with them: they run last, with nothing beside them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from 'local-stack/apps.mjs';
import { buildWebServer } from './build.mjs';
import { findChromium, missingChromiumMessage } from 'local-stack/chromium.mjs';
import { endedChildrenCpu, formatCpu, machineCpu, readCpu } from 'local-stack/cpuTime.mjs';
import { lintChecks } from './lint.mjs';

if (!findChromium()) {
  console.error(`${missingChromiumMessage()} Then run npm test again.`);
  process.exit(1);
}

const results = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-manabi-test-'));
const started = Date.now();
/** The whole machine's CPU when the run began: the phases count their own process trees only. */
const machineAtStart = machineCpu();
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
/** [label, wall time, CPU-seconds], in the order the phases ended. */
const timings = [];
const cpuTimer = path.join(repoRoot, 'tooling/stack/cpuTime.mjs');

/**
 * Runs a command as one phase, through cpuTime.mjs, which measures the CPU its process tree used.
 * Its output is kept and printed whole when it ends, so phases that overlap do not interleave
 * their lines; a line says when each starts.
 */
function phase(label, command, args, { cwd = repoRoot, env = {} } = {}) {
  console.log(`▶ ${label} (started at ${seconds(Date.now() - started)})`);
  const begun = Date.now();
  const cpuFile = path.join(results, `cpu-${timings.length}-${Date.now()}.json`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cpuTimer, cpuFile, command, ...args], {
      cwd,
      env: Object.assign({}, process.env, env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ms = Date.now() - begun;
      const cpu = readCpu(cpuFile);
      timings.push([label, ms, cpu]);
      const status = code ?? (signal ? 1 : 0);
      const cost = cpu ? `, ${formatCpu(cpu)}` : '';
      console.log(`\n━━ ${label}: ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}${cost} ━━`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });
}

const readJson = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
const node = (file) => path.join(repoRoot, 'node_modules', file);

// The web server's dist/ (esbuild, < 1 s): the dev stack and the scripts' tests import it.
await buildWebServer();

// One lint check after another (each uses a core), beside the builds (webpack, one app at a time).
const lintRuns = [];
for (const check of lintChecks) {
  const previous = lintRuns.at(-1) ?? Promise.resolve();
  lintRuns.push(previous.then(() => phase(`lint: ${check.label}`, process.execPath, check.args)));
}
const lint = Promise.all(lintRuns);
const builds = phase('production builds (those not fresh)', process.execPath, [
  path.join(repoRoot, 'scripts/build.mjs'),
  '--if-stale',
  '--seed-test-builds',
]);

const jest = (label, json, args) =>
  phase(
    label,
    process.execPath,
    [
      // The release tooling's tests import the Node ESM scripts as they are.
      '--experimental-vm-modules',
      node('jest/bin/jest.js'),
      '--ci',
      '--json',
      `--outputFile=${json}`,
      ...args,
    ],
    { env: paceEnv },
  );
const LOAD_PROJECTS = ['article-api-load', 'article-api-postgres-load'];
const jestJson = path.join(results, 'jest.json');
const jestLoadJson = path.join(results, 'jest-load.json');

const buildStatus = await builds;

// The machine's pace (docs/testing.md, "Time limits"): ESLint and Prettier check every file on
// every run (no cache), so their CPU-seconds measure this machine against the one the suite's time
// limits were set on, where they took PACE_REFERENCE_CPU_S. The rest of the suite slows more than
// they do: it starts processes, servers and browsers (system time, page faults), and on a machine
// where lint took 1.9× the CPU-seconds, Jest took 3.0×, the browser suite 2.0–2.5× and the machine
// 2.7–2.9× (docs/log.md): the pace is lint's ratio to the power 1.5 (2.6 there). The browser suite
// and Jest multiply their limits by it (between 1 and 3): a slower machine gets the time it needs
// to pass, and a hang still fails.
const PACE_REFERENCE_CPU_S = 33;
await Promise.all(lintRuns.slice(0, 2));
const lintCpu = timings
  .filter(([label]) => label === 'lint: ESLint' || label === 'lint: Prettier')
  .reduce((sum, [, , cpu]) => sum + (cpu ? cpu.user + cpu.system : 0), 0);
const lintRatio = lintCpu / PACE_REFERENCE_CPU_S;
const pace = Math.min(3, Math.max(1, lintRatio ** 1.5));
console.log(
  `▶ this machine's pace: ESLint and Prettier took ${lintCpu.toFixed(0)} CPU-s (${PACE_REFERENCE_CPU_S} where the time limits were set: × ${lintRatio.toFixed(2)}): the tests' limits × ${pace.toFixed(2)}`,
);
const paceEnv = { TEST_PACE: pace.toFixed(2) };
// Not beside the builds: a few tests read the apps' dist/ (the web server image's staged folder,
// the page template), which the builds are writing. Two workers, not Jest's default of one on two
// cores: most of the slow files wait (a fault world's timeouts, a canary's real-time rounds, an
// emulator starting, PostgreSQL's answers while the browsers hold the cores), and a second file
// runs in that time. Every file keeps to its own ports, databases and folders (docs/testing.md).
const jestMain = jest('unit and component tests (Jest, all but the load tests)', jestJson, [
  '--ignoreProjects',
  ...LOAD_PROJECTS,
  '--maxWorkers=2',
]);
const e2eJson = path.join(results, 'playwright.json');
const [sizeStatus, e2eStatus] =
  buildStatus !== 0
    ? [1, 1]
    : await Promise.all([
        phase('bundle budgets (size-limit, .size-limit.cjs)', process.execPath, [node('size-limit/bin.js')]),
        phase('end-to-end tests (Playwright, Chromium)', process.execPath, [node('@playwright/test/cli.js'), 'test'], {
          cwd: path.join(repoRoot, 'e2e'),
          env: { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson, PLAYWRIGHT_REPORTERS: 'list,json', ...paceEnv },
        }),
      ]);
const lintStatuses = await lint;
const jestMainStatus = await jestMain;
// Both load files at once (one on SQLite, one on PostgreSQL), and nothing else.
const jestLoadStatus = await jest('API load tests (Jest, 200 requests/s for 60 s), alone', jestLoadJson, [
  '--selectProjects',
  ...LOAD_PROJECTS,
  '--maxWorkers=2',
]);
const jestStatus = jestMainStatus || jestLoadStatus;

const pw = readJson(e2eJson);
// A failed browser test leaves its page snapshot, screenshot and (on CI's retry) trace in the
// checkout, which CI throws away: copied beside the results, a red run can still be read.
const e2eOutput = path.join(repoRoot, 'e2e', 'test-results');
if (fs.existsSync(e2eOutput) && fs.readdirSync(e2eOutput).length > 0) {
  fs.cpSync(e2eOutput, path.join(results, 'e2e-test-results'), { recursive: true });
  console.log(`▶ the browser tests' failure output: ${path.join(results, 'e2e-test-results')}`);
}
/** A phase that failed without a failed test (it could not start, a file did not load) counts as one. */
const failedCount = (counted, status) => (status !== 0 && !counted ? 1 : (counted ?? 0));
const lintFailed = lintStatuses.filter((status) => status !== 0).length;
const jestCounts = (json, status) => {
  const counts = readJson(json);
  return { passed: counts?.numPassedTests ?? 0, failed: failedCount(counts?.numFailedTests, status) };
};
const [jestMainCounts, jestLoadCounts] = [
  jestCounts(jestJson, jestMainStatus),
  jestCounts(jestLoadJson, jestLoadStatus),
];
const unit = {
  passed: jestMainCounts.passed + jestLoadCounts.passed,
  failed: jestMainCounts.failed + jestLoadCounts.failed,
};
const e2e = { passed: pw?.stats?.expected ?? 0, failed: failedCount(pw?.stats?.unexpected, e2eStatus) };
const flaky = pw?.stats?.flaky ?? 0;
const budgets = sizeStatus === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };

// Everything this process ran, itself included (the web server's build runs in it).
const own = process.resourceUsage();
const children = endedChildrenCpu();
const allCpu = children && {
  user: children.user + own.userCPUTime / 1e6,
  system: children.system + own.systemCPUTime / 1e6,
};
console.log('\nwall time and CPU-seconds (user + system) per phase; overlapping phases run side by side:');
const row = (label, ms, cpu) =>
  console.log(`  ${label.padEnd(58)} ${seconds(ms).padStart(7)}   ${formatCpu(cpu)}`.trimEnd());
for (const [label, ms, cpu] of timings) row(label, ms, cpu);
row('npm test, in all', Date.now() - started, allCpu);
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd) {
  const busy = machineAtEnd.busy - machineAtStart.busy;
  const all = machineAtEnd.all - machineAtStart.all;
  console.log(
    `  ${'the machine, busy (every process, orphans too)'.padEnd(58)} ${`${Math.round((100 * busy) / all)} %`.padStart(7)}   ${Math.round(busy).toLocaleString('en-US')} CPU-s of ${Math.round(all).toLocaleString('en-US')}`,
  );
}

console.log(`\nlint: ${lintChecks.length - lintFailed} passed, ${lintFailed} failed`);
console.log(`unit: ${unit.passed} passed, ${unit.failed} failed`);
console.log(`e2e: ${e2e.passed + flaky} passed, ${e2e.failed} failed${flaky ? ` (${flaky} passed on retry)` : ''}`);
console.log(`budgets: ${budgets.passed} passed, ${budgets.failed} failed`);
console.log(
  `total: ${lintChecks.length - lintFailed + unit.passed + e2e.passed + flaky + budgets.passed} passed, ${lintFailed + unit.failed + e2e.failed + budgets.failed} failed`,
);
process.exit(lintFailed || jestStatus || sizeStatus || e2eStatus || buildStatus ? 1 : 0);
