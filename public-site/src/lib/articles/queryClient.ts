import { QueryClient } from '@tanstack/react-query';

/**
 * The public pages' query client: one per page in the browser, one per request on the server.
 * Articles change rarely; the service-down fallback happens inside the query functions.
 */
export function createPublicQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
