import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './support/chromium';

/**
 * End-to-end tests against the production builds, the article API and the Auth emulator,
 * started once by globalSetup exactly as `npm start` runs them (fresh data directory).
 */
export default defineConfig({
  testDir: './tests',
  testIgnore: '**/*.tmp.*',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
