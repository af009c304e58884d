import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArticleApiError, type BusinessArticle } from 'shared-articles';
import { useAuth } from 'shared-auth';
import { businessArticleKeys, useArticleClient } from 'shared-data';

export const isNotFound = (error: unknown): boolean => error instanceof ArticleApiError && error.status === 404;

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
