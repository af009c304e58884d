import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './support/chromium';

/**
 * End-to-end tests against the production builds, the article API and the Auth emulator,
 * started once by globalSetup exactly as `npm start` runs them (fresh data directory).
 */
const browser = { ...devices['Desktop Chrome'], channel: undefined };
/** Files that neither read nor write the standard stack's shared data, nor use its private ports. */
const INDEPENDENT = ['**/reliability-xss.spec.ts', '**/reliability-storage.spec.ts'];

export default defineConfig({
  testDir: './tests',
  testIgnore: '**/*.tmp.*',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two lanes (projects below), one file at a time in each: most of a browser test's time is
  // waiting, and the two cores are free for it.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.PLAYWRIGHT_REPORTERS ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    trace: 'retain-on-failure',
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
  projects: [
    // The files that share the standard stack's data and the private ports 4000–4004: one at a
    // time, as before (one creates an article another counts, several start private copies of
    // the web apps on the same ports).
    { name: 'chromium', testIgnore: ['**/*.tmp.*', ...INDEPENDENT], workers: 1, use: browser },
    // The longest files, which touch neither: they write only to an API of their own or nowhere,
    // and listen on ports of their own (docs/testing.md). They run beside the first lane.
    { name: 'chromium, own data', testMatch: INDEPENDENT, workers: 1, use: browser },
  ],
});
