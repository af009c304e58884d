import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { articleKeys } from 'shared-data';
import { useArticle, useArticles } from './queries';
import { createPublicQueryClient } from './queryClient';
import { SERVER_STATE_ELEMENT_ID, addLocalArticlesToServerState, adoptServerState } from './serverState';
import { makeArticle, mockFetch } from './testing';

/**
 * The data a server-rendered page was rendered with, taken over by the browser: no second fetch,
 * nothing rendered differently while hydrating; articles stored in this browser join afterwards.
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
    const fetchMock = mockFetch(() => ({ status: 200, body: [] }));
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

describe('addLocalArticlesToServerState', () => {
  const mine = makeArticle({ id: 9, slug: 'mine', date: '2025-02-01', title: '私の記事' });

  function adopted(fill: (client: QueryClient) => void) {
    const client = createPublicQueryClient();
    adoptServerState(client, pageWith(serverState(fill)));
    return client;
  }

  it('adds stored articles to the served list, newest first, never replacing a served one', () => {
    const impostor = makeArticle({ id: 99, slug: 'newer', title: '偽物' });
    localStorage.setItem('articles', JSON.stringify([mine, impostor]));
    const client = adopted((server) => server.setQueryData(articleKeys.list(), [newer, older]));
    addLocalArticlesToServerState(client);
    expect(client.getQueryData(articleKeys.list())).toEqual([newer, mine, older]);
  });

  it('fills an article page the service did not know (null) with the stored article, and no other', () => {
    const impostor = makeArticle({ id: 99, slug: 'newer', title: '偽物' });
    localStorage.setItem('articles', JSON.stringify([mine, impostor]));
    const client = adopted((server) => {
      server.setQueryData(articleKeys.bySlug('mine'), null);
      server.setQueryData(articleKeys.bySlug('newer'), newer);
    });
    addLocalArticlesToServerState(client);
    expect(client.getQueryData(articleKeys.bySlug('mine'))).toEqual(mine);
    expect(client.getQueryData(articleKeys.bySlug('newer'))).toEqual(newer);
  });

  it('creates no list the server did not send, and changes nothing without stored articles', () => {
    localStorage.setItem('articles', JSON.stringify([mine]));
    const withoutList = adopted((server) => server.setQueryData(articleKeys.bySlug('newer'), newer));
    addLocalArticlesToServerState(withoutList);
    expect(withoutList.getQueryData(articleKeys.list())).toBeUndefined();

    localStorage.clear();
    const client = adopted((server) => server.setQueryData(articleKeys.list(), [newer]));
    const before = client.getQueryState(articleKeys.list());
    addLocalArticlesToServerState(client);
    expect(client.getQueryState(articleKeys.list())).toBe(before);
  });

  it('shows the merged list to a page that hydrated with the served one', async () => {
    mockFetch(() => ({ status: 200, body: [] }));
    localStorage.setItem('articles', JSON.stringify([mine]));
    const client = adopted((server) => server.setQueryData(articleKeys.list(), [newer]));
    const { result } = renderHook(() => useArticles(), { wrapper: wrapperFor(client) });
    expect(result.current.data).toEqual([newer]);
    addLocalArticlesToServerState(client);
    await waitFor(() => expect(result.current.data).toEqual([newer, mine]));
  });
});
