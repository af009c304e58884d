import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { ports } from 'local-stack/apps.mjs';

/** A first-time visitor (no theme cookie, as Lighthouse comes) and returning ones in each theme. */
export const VISITORS = ['first visit', 'light', 'dark'] as const;
export type Visitor = (typeof VISITORS)[number];

export interface VisitFigures {
  /** Console errors and warnings plus uncaught page errors. */
  consoleProblems: string[];
  /** Server-rendered elements React threw away and rendered again (empty: the HTML was hydrated). */
  replaced: string[];
  /** Requests to the article API after the page arrived (the HTML carries the data: expect 0). */
  apiRequests: number;
}

export interface HydrationFigures {
  /** The X-Render header of the page as served. */
  render: string;
  visits: Record<Visitor, VisitFigures>;
  consoleProblems: number;
  /** Visits in which server-rendered elements were replaced instead of hydrated. */
  visitsWithReplacedHtml: number;
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
 * Remembers the server's header, main, footer, main's first element and h1 once the HTML is
 * parsed (before the deferred scripts run). Hydration adopts these nodes; a client render
 * (createRoot, or a Suspense boundary switched to client rendering) replaces them, and React
 * says nothing about it in production. Runs in the page.
 */
function rememberServerNodes() {
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive') return;
    const main = document.querySelector('#root main');
    const nodes: Record<string, Element | null> = {
      header: document.querySelector('#root header'),
      main,
      footer: document.querySelector('#root footer'),
      "main's content": main?.firstElementChild ?? null,
      h1: document.querySelector('#root h1'),
    };
    Object.assign(window, { __serverNodes: nodes });
  });
}

const replacedServerNodes = (page: Page) =>
  page.evaluate(() => {
    const nodes = (window as unknown as { __serverNodes?: Record<string, Element | null> }).__serverNodes ?? {};
    return Object.entries(nodes)
      .filter(([, node]) => node && !node.isConnected)
      .map(([name]) => name);
  });

async function visit(context: BrowserContext, url: string) {
  await context.addInitScript(rememberServerNodes);
  const page = await context.newPage();
  const consoleProblems = watchConsole(page);
  let apiRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).port === String(ports.api)) apiRequests++;
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });
  await page.waitForLoadState('networkidle');
  const figures: VisitFigures = { consoleProblems, replaced: await replacedServerNodes(page), apiRequests };
  return { render: response?.headers()['x-render'] ?? 'none', figures };
}

/**
 * Loads the server-rendered page as each kind of visitor, waits until React has taken #root and
 * the network is quiet, and reports what the console said and whether the server's HTML was
 * hydrated or replaced.
 */
export async function checkHydration(url: string, chromePath: string): Promise<HydrationFigures> {
  const browser = await chromium.launch({ executablePath: chromePath, args: LAUNCH_ARGS });
  const visits = {} as Record<Visitor, VisitFigures>;
  let render = '';
  try {
    for (const visitor of VISITORS) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
      if (visitor !== 'first visit') {
        await context.addCookies([{ name: 'theme', value: visitor, url }]);
        await context.addInitScript((mode) => localStorage.setItem('theme', mode), visitor);
      }
      const result = await visit(context, url);
      render ||= result.render;
      visits[visitor] = result.figures;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const all = Object.values(visits);
  return {
    render,
    visits,
    consoleProblems: all.reduce((sum, v) => sum + v.consoleProblems.length, 0),
    visitsWithReplacedHtml: all.filter((v) => v.replaced.length > 0).length,
  };
}
