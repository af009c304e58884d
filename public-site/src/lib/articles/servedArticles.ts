// The article list a server-rendered page was rendered with, read without TanStack Query: the home
// page shows it at once (hydrating, and while it is fresh), so `/` downloads no query library. The
// pages that fetch (the article list and pages, the home page once this data is stale or absent)
// load TanStack Query with their code and adopt the same state (./serverState.ts, ./withQueries.tsx).
import { createContext, useContext, useMemo, useState } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import type { Article } from 'shared-articles';
import { articleKeys } from 'shared-data/keys';
import { useLocalArticles } from './useLocalArticles';
import { withLocalArticles } from './localArticles';

/** The element the server puts the page's query data in (a JSON data block, never executed). */
export const SERVER_STATE_ELEMENT_ID = 'public-site-state';

/** How long served or fetched articles count as fresh: they change rarely (the query client's staleTime). */
export const ARTICLES_STALE_MS = 5 * 60_000;

/** When this page's code started: the served data was current then. */
export const pageLoadedAt = Date.now();

/** The server's state embedded in the page, or null when it has none (or it cannot be read). */
export function readServedState(doc: Document = document): DehydratedState | null {
  const text = doc.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch (error) {
    console.error('public-site: unreadable server state', error);
    return null;
  }
}

const LIST_KEY = JSON.stringify(articleKeys.list());

/** The served list of articles (newest first, as the server's cache held it), if the page has one. */
export function servedArticleList(doc: Document = document): Article[] | undefined {
  const query = readServedState(doc)?.queries.find(
    ({ queryKey, state }) => JSON.stringify(queryKey) === LIST_KEY && state.status === 'success',
  );
  return query?.state.data as Article[] | undefined;
}

/**
 * The server's list as the server renders with it (its prepare() provides it); in the browser the
 * page's embedded copy, while it is fresh.
 */
export const ServedArticlesContext = createContext<Article[] | undefined>(undefined);

/**
 * The served list with the articles stored in this browser joined once the page is live (as the
 * query's `select` does), or undefined when the page must ask the service: nothing was served,
 * or it is older than ARTICLES_STALE_MS (the query then fetches it again, as it would have).
 */
export function useServedArticles(): Article[] | undefined {
  const fromServer = useContext(ServedArticlesContext);
  const local = useLocalArticles();
  // Decided once per mount: a shown list is not swapped for a spinner when it turns stale, as a
  // mounted query keeps its data (focus refetches nothing here).
  const [inPage] = useState(() => (fromServer ? undefined : freshServedList()));
  const list = fromServer ?? inPage;
  return useMemo(() => (list ? withLocalArticles(list, local) : undefined), [list, local]);
}

/** Read on each mount of the home page: a small parse, and the page's element never changes. */
function freshServedList(): Article[] | undefined {
  if (typeof document === 'undefined' || Date.now() - pageLoadedAt >= ARTICLES_STALE_MS) return undefined;
  return servedArticleList();
}
