/**
 * What the server-rendering tests (server-rendering*.spec.ts) share: the public routes, the
 * articles as the API lists them, and what they read in a served page or its console.
 */
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { API } from './reliabilityApi';

export interface ApiArticle {
  id: number;
  slug: string;
  title: string;
  content: string;
  date: string;
  image?: string;
}

export const SHELL = 'http://localhost:3000';
export const PUBLIC_ROUTES = ['/', '/about', '/contents', '/contents/ai-basics', '/articles', '/privacy', '/terms'];

export const articles = async (request: APIRequestContext) =>
  (await (await request.get(`${API}/articles`)).json()) as ApiArticle[];

/** The first 120 characters of the body without tags (spec: meta description). */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];

/** Console errors and warnings of the page (external images cannot load here: not counted). */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const where = message.location().url;
    if (where && !/^https?:\/\/(localhost|127\.0\.0\.1)[:/]/.test(where)) return;
    // The 404 page's own document is answered with 404 on purpose.
    if (/status of 404/.test(message.text()) && where === page.url() && /no-such-page$/.test(where)) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * GETs `url` until the server renders it (X-Render `server; …`) and gives that answer. A server
 * just started, or a release just given to it, loads that release on the first page asked: on a
 * busy machine the load can outlast a page's deadline (3 s), and that page, and the next ones for
 * 5 s, go to the browser (web-server/src/render/serverRendering.ts) while the load goes on; a
 * later page is rendered. No time budget of its own to tune to a machine: it waits for the render
 * as long as the test may run, and a page never rendered fails the test at its time limit with the
 * last X-Render seen.
 */
export async function serverRenderedAnswer(request: APIRequestContext, url: string): Promise<APIResponse> {
  let answer: APIResponse | undefined;
  await expect
    .poll(
      async () => {
        answer = await request.get(url);
        return answer.headers()['x-render'] ?? '';
      },
      { message: `${url} rendered by the server`, timeout: 0, intervals: [250, 500] },
    )
    .toMatch(/^server/);
  return answer!;
}
