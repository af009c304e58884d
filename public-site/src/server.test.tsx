import type { ComponentType } from 'react';
import createDOMPurify from 'dompurify';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { sortNewestFirst, type Article } from 'shared-articles';
import { seedArticles } from 'shared-articles/seed';
import { sanitizeArticleHtml } from 'shared-articles/sanitize-policy';
import { ThemeProvider } from 'styled-components';
import { installSanitizer, lightTheme } from 'shared-ui';
import { relatedCards } from './lib/articles/relatedCards';
import { prepare } from './server';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, type FakeRequest } from 'shared-data/testing';

/**
 * public-site's server module: loads what the requested page shows, gives the shell a Page that
 * renders with that data, and the state the browser hydrates from.
 */
// The API as the shell's server reaches it, given per request (not the browser's default).
const API = 'http://article-api.internal:4100/api';
const article = makeArticle({ id: 7, slug: 'prompt-tips', title: 'プロンプトのコツ', content: '<p>コツの本文</p>' });
const other = makeArticle({ id: 8, slug: 'other', title: '別の記事', date: '2024-12-01' });

/** The service: the list, and each article by slug (404 for unknown slugs). */
const serviceUp = ({ url }: FakeRequest) => {
  if (url === `${API}/articles`) return { status: 200, body: [article, other] };
  const slug = url.startsWith(`${API}/articles/slug/`)
    ? decodeURIComponent(url.slice(`${API}/articles/slug/`.length))
    : '';
  const found = [article, other].find((candidate) => candidate.slug === slug);
  return found ? { status: 200, body: found } : { status: 404, body: { error: '記事が見つかりません' } };
};

type EmbeddedQuery = { queryKey: unknown[]; state: { data: unknown } };
const embeddedQueries = (value: unknown) => (value as { queries: EmbeddedQuery[] }).queries;
const embeddedData = (value: unknown, key: unknown[]) =>
  embeddedQueries(value).find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state.data;

/** The prepared Page's HTML at `url`, as the shell renders it (router and theme around it). */
const renderAt = (url: string, Page: ComponentType) =>
  renderToString(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter initialEntries={[url]}>
        <Page />
      </MemoryRouter>
    </ThemeProvider>,
  );

beforeAll(() => {
  Object.assign(globalThis, { __BUILD_VERSION__: 'build-42' });
  // As the shell's server does before its first page: the article policy on DOMPurify.
  const purify = createDOMPurify(window);
  installSanitizer((html) => sanitizeArticleHtml(purify, html));
});
beforeEach(() => localStorage.clear());

describe('prepare', () => {
  it.each(['/', '/articles', '/articles/'])('loads the article list for %s', async (url) => {
    const fetchMock = fakeFetch(serviceUp);
    const { embeddedState } = await prepare({ url, apiBaseUrl: API });
    expect(fetchMock.mock.calls.map(([requested]) => String(requested))).toEqual([`${API}/articles`]);
    expect(embeddedData(embeddedState.value, ['articles', 'list'])).toEqual([article, other]);
  });

  it('loads the article and its related cards for an article page, without the bodies of the list', async () => {
    const fetchMock = fakeFetch(serviceUp);
    const { embeddedState } = await prepare({ url: '/articles/prompt-tips?utm_source=line', apiBaseUrl: API });
    expect(fetchMock.mock.calls.map(([requested]) => String(requested)).sort()).toEqual([
      `${API}/articles`,
      `${API}/articles/slug/prompt-tips`,
    ]);
    expect(embeddedState.elementId).toBe('public-site-state');
    expect(embeddedQueries(embeddedState.value).map((query) => query.queryKey)).toEqual([
      ['articles', 'slug', 'prompt-tips'],
      ['articles', 'related', 'prompt-tips'],
    ]);
    expect(embeddedData(embeddedState.value, ['articles', 'slug', 'prompt-tips'])).toEqual(article);
    // `other` shares the category: its card, without a body.
    expect(embeddedData(embeddedState.value, ['articles', 'related', 'prompt-tips'])).toEqual([
      { id: 8, slug: 'other', title: '別の記事', category: other.category, date: '2024-12-01', articleType: 'note' },
    ]);
  });

  it.each(['/about', '/privacy', '/contents/ai-history'])('loads nothing for %s', async (url) => {
    const fetchMock = fakeFetch(serviceUp);
    const { embeddedState } = await prepare({ url, apiBaseUrl: API });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(embeddedQueries(embeddedState.value)).toEqual([]);
  });

  it('embeds null for an unknown slug (the page answers 404)', async () => {
    fakeFetch(serviceUp);
    const { embeddedState } = await prepare({ url: '/articles/no-such-article', apiBaseUrl: API });
    const queries = embeddedQueries(embeddedState.value);
    expect(queries.map((query) => query.queryKey)).toContainEqual(['articles', 'slug', 'no-such-article']);
    expect(embeddedData(embeddedState.value, ['articles', 'slug', 'no-such-article'])).toBeNull();
  });

  it("names this build's version", async () => {
    fakeFetch(serviceUp);
    expect((await prepare({ url: '/about', apiBaseUrl: API })).build).toBe('build-42');
  });

  it('gives a Page that renders the article from the loaded data, without fetching again', async () => {
    const fetchMock = fakeFetch(serviceUp);
    const { Page } = await prepare({ url: '/articles/prompt-tips', apiBaseUrl: API });
    fetchMock.mockClear();
    const html = renderAt('/articles/prompt-tips', Page);
    expect(html).toContain('プロンプトのコツ</h1>');
    expect(html).toContain('<p>コツの本文</p>');
    // The related card comes from the loaded cards too.
    expect(html).toContain('関連記事');
    expect(html).toContain('別の記事');
    expect(html).not.toContain('記事を読み込んでいます');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('gives each request its own data', async () => {
    fakeFetch(serviceUp);
    const first = await prepare({ url: '/articles/prompt-tips', apiBaseUrl: API });
    const second = await prepare({ url: '/articles/other', apiBaseUrl: API });
    expect(embeddedData(second.embeddedState.value, ['articles', 'slug', 'prompt-tips'])).toBeUndefined();
    expect(embeddedData(first.embeddedState.value, ['articles', 'slug', 'other'])).toBeUndefined();
  });

  it('leaves a query that failed out of the state, and the page loading for the browser to ask again', async () => {
    // Refused (403): the service answered, so no snapshot stands in.
    fakeFetch(() => ({ status: 403, body: { error: '権限がありません' } }));
    const { Page, embeddedState } = await prepare({ url: '/articles', apiBaseUrl: API });
    expect(embeddedQueries(embeddedState.value)).toEqual([]);
    const html = renderAt('/articles', Page);
    expect(html).toContain('記事を読み込んでいます');
  });

  describe('with the article service down, in the server build', () => {
    beforeAll(() => Object.assign(globalThis, { __SSR__: true }));
    afterAll(() => {
      delete (globalThis as { __SSR__?: boolean }).__SSR__;
    });

    it('renders from the seed it carries, without requesting the snapshot file', async () => {
      const fetchMock = fakeFetch(() => 'network-error');
      const seeded = seedArticles[0] as Article;
      const { embeddedState } = await prepare({ url: `/articles/${seeded.slug}`, apiBaseUrl: API });
      const requested = fetchMock.mock.calls.map(([url]) => String(url));
      expect(requested.some((url) => url.endsWith('articles-snapshot.json'))).toBe(false);
      expect(embeddedData(embeddedState.value, ['articles', 'slug', seeded.slug])).toEqual(seeded);
      expect(embeddedData(embeddedState.value, ['articles', 'related', seeded.slug])).toEqual(
        relatedCards(seeded, sortNewestFirst(seedArticles)),
      );
      expect(relatedCards(seeded, seedArticles)).not.toEqual([]);
    });
  });
});
