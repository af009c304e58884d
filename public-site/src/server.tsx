// The server side of public-site, exposed only by its server build (`./server`): the shell's
// server asks it for a page, then renders the page inside its own layout.
import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { QueryClientProvider, dehydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Article } from 'shared-articles';
import { paths } from 'shared-core';
import { articleClientFor, fetchArticleBySlug, fetchArticles } from './lib/articles/articleSource';
import { articleKeys } from 'shared-data';
import { createPublicQueryClient } from './lib/articles/queryClient';
import { relatedCards } from './lib/articles/relatedCards';
import { SERVER_STATE_ELEMENT_ID, ServedArticlesContext } from './lib/articles/servedArticles';
import { watchForOutage } from './lib/articles/outageWatch';
import { createVersionedReads, type PublicReads } from './lib/articles/versionedReads';
import { PublicRoutes, loadPageAt } from './routes';

declare const __BUILD_VERSION__: string;

export interface PreparedPage {
  /** This server build's version (MF_BUILD_VERSION at build time), reported in X-Render. */
  build: string;
  /** The remote's routes with this request's data, rendered by the shell inside its layout. */
  Page: ComponentType;
  /** Embedded in the HTML as a JSON data block with this id; the browser hydrates from it. */
  embeddedState: { elementId: string; value: unknown };
  /** The article service failed for this page and the build's snapshot stood in. */
  degraded: boolean;
}

/** A request to the API waits no longer than this (the shell gives the whole page 3 s). */
const API_TIMEOUT_MS = 2000;

const versionedReads = createVersionedReads();

/** A query a page renders with: its key, and what its query function returns. */
interface PageQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<unknown>;
}

/**
 * The data each page renders with, so the server's HTML holds the content, not a spinner. An
 * article page takes its related articles' cards, not the whole list with every body.
 */
function queriesFor(pathname: string, api: PublicReads): PageQuery[] {
  if (pathname === paths.home || pathname === paths.articles) {
    return [{ queryKey: articleKeys.list(), queryFn: () => fetchArticles(api) }];
  }
  const slug = matchPath(`${paths.articles}/:slug`, pathname)?.params.slug;
  if (!slug) return [];
  let answer: Promise<Article | null> | undefined;
  const article = () => (answer ??= fetchArticleBySlug(slug, api));
  const related = async () => {
    const [subject, all] = await Promise.all([article(), fetchArticles(api)]);
    return subject ? relatedCards(subject, all) : [];
  };
  return [
    { queryKey: articleKeys.bySlug(slug), queryFn: article },
    { queryKey: articleKeys.related(slug), queryFn: related },
  ];
}

/**
 * A query's data put in the client as its function returns it, not fetched through the client:
 * Query.fetch gives its contexts a `signal` getter with a closure of their own, which on Node 20
 * (V8 11.3) costs a hidden class per object, and that kept each page's queries and client in the
 * old generation until a full collection (docs/log.md, server rendering, 2026-11-26). A query that
 * fails is left out.
 */
async function load(queryClient: QueryClient, { queryKey, queryFn }: PageQuery): Promise<void> {
  try {
    queryClient.setQueryData(queryKey, await queryFn());
  } catch {
    // Not in the state: the server's HTML shows the page loading, and the browser asks again.
  }
}

export interface PrepareRequest {
  /** Path and query of the page. */
  url: string;
  /** The API as the shell's server reaches it (one server may render for several). */
  apiBaseUrl: string;
  /** The API's change version the shell's server saw for this request, when it knows one. */
  apiVersion?: string;
}

/**
 * Loads what the page at `url` shows. The article service being down is handled inside the
 * queries (the seed snapshot); a query that still fails is left out of the state: the server's
 * HTML shows that part loading, and the browser asks again. Answers are shared per API version.
 */
export async function prepare({ url, apiBaseUrl, apiVersion }: PrepareRequest): Promise<PreparedPage> {
  const queryClient = createPublicQueryClient();
  const pathname = new URL(url, 'http://server.invalid').pathname.replace(/(.)\/+$/, '$1');
  const outage = watchForOutage(versionedReads(articleClientFor(apiBaseUrl, API_TIMEOUT_MS), apiBaseUrl, apiVersion));
  // The page's code too, so the shell renders it in one synchronous pass.
  await Promise.all([
    ...queriesFor(pathname, outage.reads).map((query) => load(queryClient, query)),
    loadPageAt(pathname),
  ]);
  // What the home page shows without a query (the browser reads the same list from the page).
  const servedList = queryClient.getQueryData<Article[]>(articleKeys.list());
  return {
    build: __BUILD_VERSION__,
    degraded: outage.failed(),
    Page: function PublicPage() {
      return (
        <QueryClientProvider client={queryClient}>
          <ServedArticlesContext value={servedList}>
            <PublicRoutes />
          </ServedArticlesContext>
        </QueryClientProvider>
      );
    },
    embeddedState: { elementId: SERVER_STATE_ELEMENT_ID, value: dehydrate(queryClient) },
  };
}
