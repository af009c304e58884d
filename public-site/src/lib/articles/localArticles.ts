import { parseArticles, sortNewestFirst, type Article } from 'shared-articles';
import { readJson, storageKeys } from 'shared-core';

const isList = (value: unknown): value is unknown[] => Array.isArray(value);

/**
 * Articles saved in this browser under the `articles` key (spec section 3). The value is user-
 * editable, so it is validated entry by entry: malformed JSON yields none, malformed entries are
 * skipped. Asynchronous because the article schema is loaded only when there are some to check.
 */
export function readLocalArticles(): Promise<Article[]> {
  // A schema that cannot be loaded (offline) keeps the stored articles out, as malformed ones are.
  return parseArticles(readJson(storageKeys.articles, isList)).catch(() => []);
}

/**
 * The merge rule: the service's (or the snapshot's) articles are authoritative; a locally stored
 * article is added only when no served article has its slug, so the browser can add articles but
 * never replace or hide published ones.
 */
export function mergeLocalArticles(served: readonly Article[], local: readonly Article[]): Article[] {
  const servedSlugs = new Set(served.map((article) => article.slug));
  const added = new Map<string, Article>();
  for (const article of local) {
    if (!servedSlugs.has(article.slug) && !added.has(article.slug)) added.set(article.slug, article);
  }
  return [...served, ...added.values()];
}

/** The list a page shows: the served articles plus the stored ones they lack, newest first. */
export function withLocalArticles(served: readonly Article[], local: readonly Article[]): Article[] {
  return local.length === 0 ? [...served] : sortNewestFirst(mergeLocalArticles(served, local));
}
