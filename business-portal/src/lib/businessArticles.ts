import { QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArticleApiError, type BusinessArticle } from 'shared-articles';
import { useAuth } from 'shared-auth';
import { useArticleClient } from './ArticleClientProvider';

/** Keyed by user, so a different account signing in never sees the previous one's cache. */
export const businessArticleKeys = {
  all: (uid: string | undefined) => ['business-articles', uid ?? 'anonymous'] as const,
  detail: (uid: string | undefined, slug: string) => ['business-articles', uid ?? 'anonymous', 'slug', slug] as const,
};

export const isNotFound = (error: unknown): boolean => error instanceof ArticleApiError && error.status === 404;

/** Client errors (401, 403, 404) will not change on a retry; a network or server error may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ArticleApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createBusinessQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}

export function useBusinessArticles() {
  const client = useArticleClient();
  const { currentUser } = useAuth();
  return useQuery({
    queryKey: businessArticleKeys.all(currentUser?.uid),
    queryFn: () => client.listBusiness(),
  });
}

/** One article by slug; the dashboard's list (when cached) shows it at once while it loads. */
export function useBusinessArticle(slug: string) {
  const client = useArticleClient();
  const queryClient = useQueryClient();
  const { currentUser } = useAuth();
  const uid = currentUser?.uid;
  return useQuery<BusinessArticle>({
    queryKey: businessArticleKeys.detail(uid, slug),
    queryFn: () => client.getBusinessBySlug(slug),
    placeholderData: () =>
      queryClient
        .getQueryData<BusinessArticle[]>(businessArticleKeys.all(uid))
        ?.find((article) => article.slug === slug),
  });
}
