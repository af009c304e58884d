// TanStack Query for the public pages that fetch, loaded with their code (never on a served `/`:
// ./servedArticles.ts). The page's one client is made when the first of them renders, and takes
// over the data the server rendered the page with.
import { useContext, type ComponentType } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createPublicQueryClient } from './queryClient';
import { pageLoadedAt } from './servedArticles';
import { adoptServerState } from './serverState';

let pageClient: QueryClient | undefined;

function clientOfThePage(): QueryClient {
  if (!pageClient) {
    pageClient = createPublicQueryClient();
    adoptServerState(pageClient, document, pageLoadedAt);
  }
  return pageClient;
}

/**
 * `Component` with the page's query client, unless one is provided already: the server renders
 * each request with its own (server.tsx), and the tests with theirs.
 */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    const provided = useContext(QueryClientContext);
    if (provided) return <Component {...props} />;
    return (
      <QueryClientProvider client={clientOfThePage()}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueries;
}
