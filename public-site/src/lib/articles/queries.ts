import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article } from 'shared-articles';
import { articleKeys } from 'shared-data';
import { fetchArticleBySlug, fetchArticles } from './articleSource';
import { withLocalArticles } from './localArticles';
import { useLocalArticles } from './useLocalArticles';
import { relatedCards, type ArticleCardData } from './relatedCards';

const NO_CARDS: readonly ArticleCardData[] = [];

/** The service's list (or the snapshot's), as cached under its key. */
const articleList = { queryKey: articleKeys.list(), queryFn: () => fetchArticles() };

/**
 * All public articles, newest first (list, related articles): the service's, with the stored ones
 * it lacks joined on read, so the cache only ever holds what the service (or snapshot) said.
 */
export function useArticles() {
  const local = useLocalArticles();
  const select = useCallback((served: Article[]) => withLocalArticles(served, local), [local]);
  return useQuery({ ...articleList, select });
}

/**
 * One article by slug; null when it does not exist (a stored article the service does not know
 * counts, never one that replaces a published article). Coming from a list, the listed copy is
 * shown at once while the article itself loads.
 */
export function useArticle(slug: string) {
  const queryClient = useQueryClient();
  const local = useLocalArticles();
  const select = useCallback(
    (served: Article | null) => served ?? local.find((article) => article.slug === slug) ?? null,
    [local, slug],
  );
  return useQuery({
    queryKey: articleKeys.bySlug(slug),
    queryFn: () => fetchArticleBySlug(slug),
    placeholderData: () => queryClient.getQueryData<Article[]>(articleKeys.list())?.find((a) => a.slug === slug),
    select,
  });
}

/**
 * The cards under `article` (its related articles). A served page brings exactly these; in the
 * browser they come from the article list (fetched only when it is not cached yet). The articles
 * stored in this browser take part once the page is live, under a key of their own: the server's
 * cards never had them.
 */
export function useRelatedArticles(article: Article): readonly ArticleCardData[] {
  const queryClient = useQueryClient();
  const local = useLocalArticles();
  const key = articleKeys.related(article.slug);
  const { data = NO_CARDS } = useQuery({
    queryKey: local.length === 0 ? key : [...key, 'with-stored'],
    queryFn: async () =>
      relatedCards(article, withLocalArticles(await queryClient.ensureQueryData(articleList), local)),
    // The cards shown so far stay while the stored articles join.
    placeholderData: keepPreviousData,
  });
  return data;
}
