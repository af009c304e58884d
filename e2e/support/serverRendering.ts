/**
 * What the server-rendering tests (server-rendering*.spec.ts) share: the public routes, the
 * articles as the API lists them, and what they read in a served page or its console.
 */
import type { APIRequestContext, Page } from '@playwright/test';
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
 * GETs `url` until the server renders it (X-Render `server; …`), for up to `timeoutMs`, and gives
 * the last answer. A server just started, or a release just given to it, can miss the render
 * deadline on a busy machine: it then serves the page to the browser to render, and does not try
 * that release again for 5 s (web-server/src/render/serverRendering.ts). A page the server never renders
 * still comes back client-rendered, for the test to refuse.
 */
export async function serverRenderedAnswer(request: APIRequestContext, url: string, timeoutMs = 10_000) {
  const started = Date.now();
  let answer = await request.get(url);
  while (!/^server/.test(answer.headers()['x-render'] ?? '') && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    answer = await request.get(url);
  }
  return answer;
}
