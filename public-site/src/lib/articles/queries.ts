import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article } from 'shared-articles';
import { articleKeys } from 'shared-data';
import { fetchArticleBySlug, fetchArticles } from './articleSource';

/** All public articles, newest first (home teaser, list, related articles). */
export function useArticles() {
  return useQuery({ queryKey: articleKeys.list(), queryFn: () => fetchArticles() });
}

/**
 * One article by slug; null when it does not exist. Coming from a list, the listed copy is shown
 * at once while the article itself loads.
 */
export function useArticle(slug: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: articleKeys.bySlug(slug),
    queryFn: () => fetchArticleBySlug(slug),
    placeholderData: () => queryClient.getQueryData<Article[]>(articleKeys.list())?.find((a) => a.slug === slug),
  });
}
