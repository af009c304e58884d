import { QueryClient } from '@tanstack/react-query';
import { ArticleApiError } from 'shared-articles';

/** A 4xx (bad id, not signed in, not an admin) will not change on a retry; a network blip might. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ArticleApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The admin console's one QueryClient (one per remote, by team convention). */
export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
