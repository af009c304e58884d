import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { articleKeys } from 'shared-data';
import { useArticle, useArticles, useRelatedArticles } from './queries';
import { createPublicQueryClient } from './queryClient';
import { relatedCards } from './relatedCards';
import { SERVER_STATE_ELEMENT_ID, adoptServerState } from './serverState';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch } from 'shared-data/testing';

/**
 * Articles stored in this browser (spec: the `articles` key) join the published ones when a page
 * reads them: at once on a page rendered in the browser, right after hydration on a page the
 * server rendered (which never knew them), and never in place of a published article.
 */
const older = makeArticle({ id: 1, slug: 'older', date: '2025-01-01', title: '古い記事' });
const newer = makeArticle({ id: 2, slug: 'newer', date: '2025-03-01', title: '新しい記事' });
const mine = makeArticle({ id: 9, slug: 'mine', date: '2025-02-01', title: '私の記事' });
const impostor = makeArticle({ id: 99, slug: 'newer', title: '偽物' });

const wrapperFor =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

const store = (articles: unknown[]) => localStorage.setItem('articles', JSON.stringify(articles));

beforeEach(() => localStorage.clear());

/** The server's HTML and data block for `probe` rendered with `server`'s data, as shell/src/server sends them. */
function servePage(server: QueryClient, probe: ReactElement): Document {
  const html = renderToString(<QueryClientProvider client={server}>{probe}</QueryClientProvider>);
  const page = document.implementation.createHTMLDocument('page');
  page.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}"></script>`;
  const data = page.getElementById(SERVER_STATE_ELEMENT_ID);
  if (data) data.textContent = JSON.stringify(dehydrate(server));
  return page;
}

/** Hydrates `probe` over a served page, as the browser does; returns React's recoverable-error hook. */
function hydratePage(page: Document, probe: ReactElement) {
  const client = createPublicQueryClient();
  expect(adoptServerState(client, page)).toBe(true);
  const container = document.createElement('div');
  container.innerHTML = page.getElementById('root')?.innerHTML ?? '';
  document.body.append(container);
  const onRecoverableError = jest.fn();
  render(probe, { container, hydrate: true, onRecoverableError, wrapper: wrapperFor(client) });
  return onRecoverableError;
}

describe('on a page rendered in the browser', () => {
  it('lists the stored articles with the published ones, newest first, skipping junk and impostors', async () => {
    fakeFetch(() => ({ status: 200, body: [older, newer] }));
    store([mine, impostor, 'junk']);
    const { result } = renderHook(() => useArticles(), { wrapper: wrapperFor(createPublicQueryClient()) });
    await waitFor(() =>
      expect(result.current.data?.map((a) => a.title)).toEqual(['新しい記事', '私の記事', '古い記事']),
    );
  });

  it('shows a stored article the service does not know, and the published one over a stored namesake', async () => {
    fakeFetch(({ url }) => (url.endsWith('/slug/newer') ? { status: 200, body: newer } : { status: 404 }));
    store([mine, impostor]);
    const client = createPublicQueryClient();
    const { result } = renderHook(() => ({ mine: useArticle('mine'), newer: useArticle('newer') }), {
      wrapper: wrapperFor(client),
    });
    await waitFor(() => expect(result.current.mine.data).toEqual(mine));
    await waitFor(() => expect(result.current.newer.data).toEqual(newer));
    // The cache keeps what the service said; the stored article is joined on read only.
    expect(client.getQueryData(articleKeys.bySlug('mine'))).toBeNull();
  });

  it('keeps an unknown slug not found when nothing is stored under it', async () => {
    fakeFetch(() => ({ status: 404 }));
    store([mine]);
    const { result } = renderHook(() => useArticle('nowhere'), { wrapper: wrapperFor(createPublicQueryClient()) });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
  });
});

describe('on a page the server rendered', () => {
  function ArticleProbe({ slug }: { slug: string }) {
    const { data: article } = useArticle(slug);
    const { data: list = [] } = useArticles();
    return (
      <main>
        <h1>{article ? article.title : '記事が見つかりませんでした。'}</h1>
        <ul>
          {list.map((item) => (
            <li key={item.slug}>{item.title}</li>
          ))}
        </ul>
      </main>
    );
  }

  /** The server's HTML and data block for `slug`, as shell/src/server renders them. */
  function serve(slug: string, served: typeof newer | null): Document {
    const server = createPublicQueryClient();
    server.setQueryData(articleKeys.list(), [newer, older]);
    server.setQueryData(articleKeys.bySlug(slug), served);
    return servePage(server, <ArticleProbe slug={slug} />);
  }

  const hydrateOver = (page: Document, slug: string) => hydratePage(page, <ArticleProbe slug={slug} />);

  it('hydrates the 404 the server sent without a mismatch, then shows the stored article', async () => {
    fakeFetch(() => ({ status: 404 }));
    const page = serve('mine', null);
    expect(page.querySelector('h1')?.textContent).toBe('記事が見つかりませんでした。');
    store([mine]);
    const consoleError = jest.spyOn(console, 'error');
    const onRecoverableError = hydrateOver(page, 'mine');
    expect(await screen.findByRole('heading', { name: '私の記事' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '新しい記事',
      '私の記事',
      '古い記事',
    ]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('keeps the published article the server rendered over a stored one with its slug', async () => {
    fakeFetch(() => ({ status: 200, body: newer }));
    store([impostor]);
    const onRecoverableError = hydrateOver(serve('newer', newer), 'newer');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('新しい記事');
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});

describe('a served list page going live', () => {
  // What lets the list page skip its cards once live (ArticlesPage's memo): the list is the same object.
  it('keeps the very list it hydrated with when nothing is stored', async () => {
    const lists: unknown[] = [];
    function ListProbe() {
      const { data = [] } = useArticles();
      lists.push(data);
      return <p>{data.length}件</p>;
    }
    const server = createPublicQueryClient();
    server.setQueryData(articleKeys.list(), [newer, older]);
    const page = servePage(server, <ListProbe />);
    lists.length = 0;
    const onRecoverableError = hydratePage(page, <ListProbe />);
    // The hydrating render, then the one once the page is live (stored articles are read).
    await waitFor(() => expect(lists.length).toBeGreaterThanOrEqual(2));
    expect(new Set(lists).size).toBe(1);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});

describe('related cards', () => {
  function RelatedProbe({ article }: { article: typeof newer }) {
    const cards = useRelatedArticles(article);
    return (
      <ul>
        {cards.map((card) => (
          <li key={card.slug}>{card.title}</li>
        ))}
      </ul>
    );
  }
  const titles = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

  it('come from the list already in the browser, stored articles included, without a request', async () => {
    const fetchMock = fakeFetch(() => ({ status: 500 }));
    store([mine]);
    const client = createPublicQueryClient();
    client.setQueryData(articleKeys.list(), [newer, older]);
    const { result } = renderHook(() => useRelatedArticles(newer), { wrapper: wrapperFor(client) });
    await waitFor(() => expect(result.current.map((card) => card.title)).toEqual(['私の記事', '古い記事']));
    expect(result.current.every((card) => !('content' in card))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetch the list when it is not cached yet', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: [older, newer] }));
    const { result } = renderHook(() => useRelatedArticles(newer), {
      wrapper: wrapperFor(createPublicQueryClient()),
    });
    await waitFor(() => expect(result.current.map((card) => card.title)).toEqual(['古い記事']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  function serveRelated() {
    const server = createPublicQueryClient();
    server.setQueryData(articleKeys.related('newer'), relatedCards(newer, [newer, older]));
    return servePage(server, <RelatedProbe article={newer} />);
  }

  it('hydrate from the cards the server sent, without fetching anything', async () => {
    const fetchMock = fakeFetch(() => ({ status: 500 }));
    const page = serveRelated();
    expect(page.querySelector('li')?.textContent).toBe('古い記事');
    const onRecoverableError = hydratePage(page, <RelatedProbe article={newer} />);
    expect(titles()).toEqual(['古い記事']);
    // A window in which nothing may be fetched nor change (the assertion itself, not a wait).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(titles()).toEqual(['古い記事']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onRecoverableError).not.toHaveBeenCalled();
  });

  it('take in a stored article right after hydration, keeping the served cards meanwhile', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: [older, newer] }));
    const page = serveRelated();
    store([mine]);
    const onRecoverableError = hydratePage(page, <RelatedProbe article={newer} />);
    expect(titles()).toEqual(['古い記事']);
    await waitFor(() => expect(titles()).toEqual(['私の記事', '古い記事']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});
