/**
 * shared-data: how the remotes talk to article-api through TanStack Query, written once. The shell
 * never imports it (only its tests use the kit, shared-data/testing), so none of it (nor TanStack
 * Query) is on a visitor's first download.
 */
export { createQueryClient, shouldRetry, type QueryClientOptions } from './queryClient';
export { articleKeys, businessArticleKeys, adminKeys } from './queryKeys';
export { ArticleClientProvider, useArticleClient } from './ArticleClientProvider';
