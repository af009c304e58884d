import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { LANES } from './lanes';
import { chromiumPath } from './support/chromium';
import { paced } from './support/pace';

/**
 * End-to-end tests against the production builds, the article API and the Auth emulator,
 * started once by globalSetup exactly as `npm start` runs them (fresh data directory).
 *
 * The suite runs in lanes (./lanes.ts), one file at a time in each and the lanes side by side
 * (docs/testing.md). A lane is a project.
 */
const fileGlob = (file: string) => `**/${file}.spec.ts`;
const assigned = LANES.flatMap((lane) => lane.files.map(fileGlob));
const browser = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: './tests',
  testIgnore: '**/*.tmp.*',
  globalSetup: './support/globalSetup.ts',
  // Both follow the machine's pace (./support/pace.ts), as does every test's own limit.
  timeout: paced(60_000),
  expect: { timeout: paced(10_000) },
  // At most one file per lane. Most of a browser test's time is waiting (for a page, a server, a
  // timer), so a machine runs one lane more than it has cores; more than that starved the tests'
  // own time limits on two cores (an axe scan over 60 s; a server render past its deadline), and
  // Jest runs beside the suite (docs/testing.md).
  workers: Math.min(LANES.length, os.availableParallelism() + 1),
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_REPORTERS ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    // A trace only on a retry (CI retries once): recording one for every test (its screencast and
    // a DOM snapshot per action) cost a third of the browser tests' CPU, failing or not (for
    // public-pages and reliability-storage, 212 · 206 machine CPU-s a run with, 136 · 137 without:
    // docs/testing.md). A failure still leaves its error context (the page's ARIA snapshot) and a
    // screenshot; `npx playwright test --trace on` records every test.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: LANES.map((lane) => ({
    name: `chromium, ${lane.name}`,
    ...(lane.rest ? { testIgnore: ['**/*.tmp.*', ...assigned] } : { testMatch: lane.files.map(fileGlob) }),
    workers: 1,
    use: browser,
  })),
});
