import { hydrate, type QueryClient } from '@tanstack/react-query';
import { readServedState } from './servedArticles';

export { SERVER_STATE_ELEMENT_ID } from './servedArticles';

/**
 * Takes over the data the server rendered the page with, so the browser neither fetches it again
 * nor renders anything different while hydrating. It was current when the page was served, so it
 * counts as fresh from `servedAt` (the page's load; the server's cache follows the API's change
 * version): the client is made when a page first needs it, maybe minutes after the load.
 */
export function adoptServerState(queryClient: QueryClient, doc: Document = document, servedAt = Date.now()): boolean {
  const state = readServedState(doc);
  if (!state) return false;
  for (const query of state.queries) query.state.dataUpdatedAt = servedAt;
  hydrate(queryClient, state);
  return true;
}
