import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The element the server puts the page's query data in (a JSON data block, never executed). */
export const SERVER_STATE_ELEMENT_ID = 'public-site-state';

/**
 * Takes over the data the server rendered the page with, so the browser neither fetches it again
 * nor renders anything different while hydrating. It was current when the page was served, so it
 * counts as fresh from now (the server's cache follows the API's change version).
 */
export function adoptServerState(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
    return true;
  } catch (error) {
    console.error('public-site: unreadable server state', error);
    return false;
  }
}
