import { renderHook } from '@testing-library/react';
import { QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { articleKeys } from 'shared-data';
import { useArticle, useArticles } from './queries';
import { createPublicQueryClient } from './queryClient';
import { SERVER_STATE_ELEMENT_ID, adoptServerState } from './serverState';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch } from 'shared-data/testing';

/**
 * The data a server-rendered page was rendered with, taken over by the browser: no second fetch,
 * nothing rendered differently while hydrating.
 */
const older = makeArticle({ id: 1, slug: 'older', date: '2025-01-01' });
const newer = makeArticle({ id: 2, slug: 'newer', date: '2025-03-01' });
const TEN_MINUTES_AGO = Date.now() - 10 * 60_000;

/** What the server embeds: its query client's state, rendered a while ago (older than staleTime). */
function serverState(fill: (client: QueryClient) => void): string {
  const server = createPublicQueryClient();
  fill(server);
  const state = dehydrate(server);
  for (const query of state.queries) query.state.dataUpdatedAt = TEN_MINUTES_AGO;
  return JSON.stringify(state);
}

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = `<div id="root"></div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}"></script>`;
  const element = doc.getElementById(SERVER_STATE_ELEMENT_ID);
  if (element) element.textContent = json;
  return doc;
}

const wrapperFor =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

beforeEach(() => localStorage.clear());

describe('adoptServerState', () => {
  it('takes over the served data as fresh: the page shows it without fetching again', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: [] }));
    const client = createPublicQueryClient();
    const json = serverState((server) => {
      server.setQueryData(articleKeys.list(), [newer, older]);
      server.setQueryData(articleKeys.bySlug('newer'), newer);
    });
    expect(adoptServerState(client, pageWith(json))).toBe(true);

    const { result } = renderHook(() => ({ list: useArticles(), article: useArticle('newer') }), {
      wrapper: wrapperFor(client),
    });
    expect(result.current.list.data).toEqual([newer, older]);
    expect(result.current.article.data).toEqual(newer);
    // A window in which no fetch may start (the assertion itself: a fetch has no event to wait for
    // when the point is that it never comes).
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads JSON whose `<` the server escaped (so no string could close the element)', () => {
    const tricky = makeArticle({ title: '</script><b>題</b>' });
    const json = serverState((server) => server.setQueryData(articleKeys.list(), [tricky])).replace(/</g, '\\u003c');
    const client = createPublicQueryClient();
    expect(adoptServerState(client, pageWith(json))).toBe(true);
    expect(client.getQueryData(articleKeys.list())).toEqual([tricky]);
  });

  it('ignores a malformed block and logs it; the page then loads its data itself', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createPublicQueryClient();
    expect(adoptServerState(client, pageWith('{"queries": [oops'))).toBe(false);
    expect(consoleError).toHaveBeenCalledWith('public-site: unreadable server state', expect.any(SyntaxError));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    consoleError.mockRestore();
  });

  it('does nothing on a page the server did not render', () => {
    const client = createPublicQueryClient();
    expect(adoptServerState(client, document.implementation.createHTMLDocument('client'))).toBe(false);
    expect(adoptServerState(client, pageWith(''))).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
