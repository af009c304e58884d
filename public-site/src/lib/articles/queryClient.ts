import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from 'shared-data';
import { ARTICLES_STALE_MS } from './servedArticles';

/**
 * The public pages' query client: one per page in the browser, one per request on the server.
 * Articles change rarely; the service-down fallback happens inside the query functions.
 */
export function createPublicQueryClient(): QueryClient {
  return createQueryClient({ staleTime: ARTICLES_STALE_MS });
}
