import { parseArticles, type Article } from 'shared-articles';

declare const __webpack_public_path__: string | undefined;
/** true in the server build (webpack DefinePlugin); the browser build drops the server branch. */
declare const __SSR__: boolean | undefined;

/** Emitted next to remoteEntry.js by build/ArticlesSnapshotPlugin.js. */
export const SNAPSHOT_FILE = 'articles-snapshot.json';

/** Where this remote's files are served from (webpack's runtime public path), or the page's root. */
function snapshotUrl(): string {
  const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : '/';
  return new URL(SNAPSHOT_FILE, new URL(base, window.location.href)).href;
}

let pending: Promise<Article[]> | null = null;

/** The server build carries the seed itself (the snapshot's source), so it needs no request. */
function readSnapshot(): Promise<unknown> {
  if (typeof __SSR__ !== 'undefined' && __SSR__) {
    return import('shared-articles/seed').then(({ seedArticles }) => seedArticles);
  }
  return fetch(snapshotUrl()).then((response) => {
    if (!response.ok) throw new Error(`snapshot: HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
}

/**
 * The seed articles as of the build, fetched only when the article service is unreachable (and
 * then once per page load). Rejects when the snapshot itself cannot be read.
 */
export function loadArticlesSnapshot(): Promise<Article[]> {
  pending ??= readSnapshot()
    .then(parseArticles)
    .catch((error: unknown) => {
      pending = null; // a later attempt may succeed
      throw error;
    });
  return pending;
}
