import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Article, ArticleInput } from 'shared-articles';
import { articleKeys, useArticleClient } from 'shared-data';

export function useArticlesQuery() {
  const client = useArticleClient();
  return useQuery({ queryKey: articleKeys.list(), queryFn: () => client.list() });
}

export function useArticleQuery(id: number) {
  const client = useArticleClient();
  return useQuery({ queryKey: articleKeys.detail(id), queryFn: () => client.get(id) });
}

export function useCreateArticle() {
  const client = useArticleClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleInput) => client.create(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

export function useUpdateArticle(id: number) {
  const client = useArticleClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ArticleInput) => client.update(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: articleKeys.all }),
  });
}

/** Removes the row from the cached list at once, then refetches to stay in step with the service. */
export function useDeleteArticle() {
  const client = useArticleClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => client.remove(id),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Article[]>(articleKeys.list(), (list) => list?.filter((article) => article.id !== id));
      queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: articleKeys.list() });
    },
  });
}
