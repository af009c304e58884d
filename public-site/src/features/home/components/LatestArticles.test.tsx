import { screen, waitFor, within } from '@testing-library/react';
import { articleKeys } from 'shared-data/keys';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';
import { storageKeys } from 'shared-core';
import { ARTICLES_STALE_MS, SERVER_STATE_ELEMENT_ID } from '../../../lib/articles/servedArticles';
import { LatestArticles } from './LatestArticles';

// A served home page shows the list it was rendered with, without TanStack Query (which `/` then
// never downloads) and without asking the service; a page without a fresh served list fetches.
const served = [3, 2, 1].map((id) => makeArticle({ id, slug: `s${id}`, title: `配信${id}`, date: `2025-0${id}-01` }));
const fetched = [makeArticle({ id: 9, slug: 'f9', title: '取得9', date: '2025-09-01' })];

function servePage(queries: unknown[]) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = SERVER_STATE_ELEMENT_ID;
  element.textContent = JSON.stringify({ mutations: [], queries });
  document.body.append(element);
}

const listQuery = (data: unknown, status = 'success') => ({
  queryKey: articleKeys.list(),
  queryHash: JSON.stringify(articleKeys.list()),
  state: { data, status, dataUpdatedAt: 0 },
});

const titles = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

afterEach(() => {
  document.getElementById(SERVER_STATE_ELEMENT_ID)?.remove();
  localStorage.clear();
  jest.restoreAllMocks();
});

describe('LatestArticles', () => {
  it('shows the served list at once and asks the service nothing, stored articles joined', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: fetched }));
    localStorage.setItem(
      storageKeys.articles,
      JSON.stringify([makeArticle({ id: 50, slug: 'mine', title: '保存', date: '2025-12-01' })]),
    );
    servePage([listQuery(served)]);
    renderApp(<LatestArticles />);
    expect(titles()).toEqual(['配信3', '配信2', '配信1']); // no wait: rendered in the first pass
    // The stored article joins once checked (its schema is loaded for it).
    await waitFor(() => expect(titles()).toEqual(['保存', '配信3', '配信2']));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches when the page was served without the list (a failed query is not served)', async () => {
    fakeFetch(() => ({ status: 200, body: fetched }));
    servePage([listQuery(undefined, 'error')]);
    renderApp(<LatestArticles />);
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(titles()).toEqual(['取得9']);
  });

  it('fetches again once the served list is older than its freshness, as a stale query would', async () => {
    const fetchMock = fakeFetch(() => ({ status: 200, body: fetched }));
    servePage([listQuery(served)]);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + ARTICLES_STALE_MS);
    renderApp(<LatestArticles />);
    expect(await screen.findAllByRole('article')).toHaveLength(1);
    expect(titles()).toEqual(['取得9']);
    expect(fetchMock).toHaveBeenCalled();
  });
});
