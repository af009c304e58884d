import { QueryClient } from '@tanstack/react-query';
import { ArticleApiError } from 'shared-articles';

/**
 * A client error (400 bad id, 401 not signed in, 403 not an admin, 404 gone) will not change on
 * a retry; no answer or a server error might, so those are tried once more.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ArticleApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export interface QueryClientOptions {
  /** How long an answer counts as fresh: articles change rarely, the admin's list more often. */
  staleTime: number;
}

/**
 * The one QueryClient of a remote (created once per remote, or per request on a server). Focus
 * changes do not refetch: the pages show articles, not live data. Mutations are never retried:
 * a write that failed halfway must not be sent twice.
 */
export function createQueryClient({ staleTime }: QueryClientOptions): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
