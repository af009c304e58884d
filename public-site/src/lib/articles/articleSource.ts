import {
  ArticleApiError,
  createArticleClient,
  sortNewestFirst,
  type Article,
  type ArticleClient,
} from 'shared-articles';
import { getRuntimeConfig } from 'shared-core';
import { loadArticlesSnapshot } from './snapshot';

/** The spec's client has no timeout; a visitor should not wait longer than this for the snapshot. */
const REQUEST_TIMEOUT_MS = 10_000;

let client: ArticleClient | null = null;

/** Created on first use: the runtime config is set by the shell before any page renders. */
function articleClient(): ArticleClient {
  client ??= createArticleClient({ baseUrl: getRuntimeConfig().apiBaseUrl, timeoutMs: REQUEST_TIMEOUT_MS });
  return client;
}

/** A client for another base URL: the server renders each request against the API it names. */
export function articleClientFor(baseUrl: string, timeoutMs: number): ArticleClient {
  return createArticleClient({ baseUrl, timeoutMs });
}

/**
 * No answer (network error, timeout), a server failure (5xx) or an answer that breaks the article
 * contract: the service is unreachable for our purposes, and the snapshot stands in.
 */
export function isServiceUnreachable(error: unknown): boolean {
  if (!(error instanceof ArticleApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.malformedResponse;
}

const isNotFound = (error: unknown) => error instanceof ArticleApiError && error.status === 404;

/** Falls back to the build snapshot when the service is unreachable; if that fails too, the service's error stands. */
async function fromSnapshot(serviceError: unknown): Promise<Article[]> {
  try {
    return await loadArticlesSnapshot();
  } catch {
    throw serviceError;
  }
}

/**
 * Every published article, newest first: the service's (or the snapshot's). Articles stored in
 * this browser join when the page reads them (useArticles), never in the cache the server fills.
 */
export async function fetchArticles(source: Pick<ArticleClient, 'list'> = articleClient()): Promise<Article[]> {
  let served: Article[];
  try {
    served = await source.list();
  } catch (error) {
    if (!isServiceUnreachable(error)) throw error;
    served = await fromSnapshot(error);
  }
  return sortNewestFirst(served);
}

/**
 * One published article by slug, or null when it does not exist. A 404 means "not found"; only an
 * unreachable service falls back to the snapshot.
 */
export async function fetchArticleBySlug(
  slug: string,
  source: Pick<ArticleClient, 'getBySlug'> = articleClient(),
): Promise<Article | null> {
  try {
    return await source.getBySlug(slug);
  } catch (error) {
    if (isNotFound(error)) return null;
    if (!isServiceUnreachable(error)) throw error;
    const snapshot = await fromSnapshot(error);
    return snapshot.find((article) => article.slug === slug) ?? null;
  }
}
