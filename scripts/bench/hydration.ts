import { chromium, type Page } from '@playwright/test';
import { ports } from '../lib/apps.mjs';

export interface HydrationFigures {
  /** Console errors and warnings plus uncaught page errors, over both themes. */
  consoleProblems: number;
  messages: string[];
  /** Requests to the article API after the page arrived (the HTML carries the data: expect 0). */
  apiRequests: number;
  /** The X-Render header of the page as served. */
  render: string;
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const isLocal = (url: string) => /^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url);

/** Console errors and warnings from our own origins (the article images live on external hosts, unreachable offline). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    if (where && !isLocal(where)) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Loads the server-rendered page in each theme as a first-time visitor, waits until React has
 * hydrated #root and the network is quiet, and counts what the console says.
 */
export async function checkHydration(url: string, chromePath: string): Promise<HydrationFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS });
  const figures: HydrationFigures = { consoleProblems: 0, messages: [], apiRequests: 0, render: '' };
  try {
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      await context.addCookies([{ name: 'theme', value: theme, url }]);
      await context.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
      const page = await context.newPage();
      const problems = watchConsole(page);
      page.on('request', (request) => {
        if (new URL(request.url()).port === String(ports.api)) figures.apiRequests++;
      });
      const response = await page.goto(url, { waitUntil: 'load' });
      figures.render ||= response?.headers()['x-render'] ?? 'none';
      await page.waitForFunction(() => {
        const root = document.getElementById('root');
        return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
      });
      await page.waitForLoadState('networkidle');
      figures.consoleProblems += problems.length;
      figures.messages.push(...problems.map((problem) => `${theme}: ${problem}`));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return figures;
}
