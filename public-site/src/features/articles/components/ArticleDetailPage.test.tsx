import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article } from 'shared-articles';
import { ArticleDetailPage } from './ArticleDetailPage';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';

const API = 'http://localhost:3001/api';
const embed = '<iframe src="https://www.youtube.com/embed/Qm7xK2pLd9A" title="動画" allowfullscreen></iframe>';

const note = makeArticle({
  id: 1,
  slug: 'note-article',
  title: 'ノートの記事',
  category: '生成AI初心者',
  date: '2025-01-15',
  image: 'https://img.example/cover.jpg',
  noteUrl: 'https://note.com/ai_manabi/n/1',
  content: `<h2>見出し</h2><p>${'本文'.repeat(80)}</p><script>alert(1)</script>`,
  relatedArticles: [2, 3, 4, 5],
});
const video = makeArticle({
  id: 2,
  slug: 'video-article',
  title: '動画の記事',
  articleType: 'youtube',
  date: '2025-02-01',
  content: `${embed}<p>動画の説明</p>`,
});
const others = [3, 4, 5].map((id) =>
  makeArticle({ id, slug: `other-${id}`, title: `関連${id}`, date: `2025-03-0${id}` }),
);
const all: Article[] = [note, video, ...others];

/** The service knows `all`; the snapshot (used only when it is down) knows `snapshot`. */
function serve({ down = false, snapshot = all }: { down?: boolean; snapshot?: Article[] } = {}) {
  return fakeFetch(({ url }) => {
    if (url.endsWith('/articles-snapshot.json')) return { status: 200, body: snapshot };
    if (down) return 'network-error';
    if (url === `${API}/articles`) return { status: 200, body: all };
    const slug = decodeURIComponent(url.slice(`${API}/articles/slug/`.length));
    const found = all.find((article) => article.slug === slug);
    return found ? { status: 200, body: found } : { status: 404, body: { error: '記事が見つかりません。' } };
  });
}

const open = (slug: string) => renderApp(<ArticleDetailPage />, { path: '/articles/:slug', url: `/articles/${slug}` });
const meta = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

beforeEach(() => {
  window.localStorage.clear();
  document.head.innerHTML = '';
});

describe('ArticleDetailPage', () => {
  it('shows the loading text, then the header, back link and sanitised body', async () => {
    serve();
    open('note-article');
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'ノートの記事' })).toBeInTheDocument();
    expect(screen.getByText('2025年1月15日')).toHaveAttribute('datetime', '2025-01-15');
    expect(screen.getAllByText('生成AI初心者')[0]).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /記事一覧に戻る/ })).toHaveAttribute('href', '/articles');
    expect(await screen.findByRole('heading', { level: 2, name: '見出し' })).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('offers to continue reading on note in a new tab', async () => {
    serve();
    open('note-article');
    const link = await screen.findByRole('link', { name: 'noteで続きを読む' });
    expect(link).toHaveAttribute('href', 'https://note.com/ai_manabi/n/1');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('shows at most three related articles, in the listed order', async () => {
    serve();
    open('note-article');
    const section = await screen.findByRole('region', { name: '関連記事' });
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(3));
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/articles/video-article',
      '/articles/other-3',
      '/articles/other-4',
    ]);
  });

  it('ends with the LINE friend-add promotion', async () => {
    serve();
    open('note-article');
    const promo = await screen.findByRole('complementary', { name: 'AIの学びは、LINEでもっと手軽に' });
    expect(within(promo).getByRole('link', { name: /友だち追加/ })).toHaveAttribute('target', '_blank');
  });

  it('shows a video article’s embed once, above the body, loading the player on demand', async () => {
    serve();
    open('video-article');
    const play = await screen.findByRole('button', { name: '動画を再生：動画の記事' });
    expect(await screen.findByText('動画の説明')).toBeInTheDocument();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(
      play.compareDocumentPosition(screen.getByText('動画の説明')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await userEvent.click(play);
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    expect(frames[0]).toHaveAttribute('src', expect.stringContaining('https://www.youtube.com/embed/Qm7xK2pLd9A'));
    expect(screen.queryByRole('link', { name: 'noteで続きを読む' })).not.toBeInTheDocument();
  });

  it('sets the page title and the social meta tags', async () => {
    serve();
    open('note-article');
    await screen.findByRole('heading', { level: 1, name: 'ノートの記事' });
    expect(document.title).toBe('ノートの記事 | AIまなび');
    expect(meta('property="og:title"')).toBe('ノートの記事 | AIまなび');
    expect(meta('property="og:description"')).toBe(`見出し ${'本文'.repeat(80)}`.slice(0, 120));
    expect(meta('property="og:image"')).toBe('https://img.example/cover.jpg');
    expect(meta('property="og:url"')).toBe('http://localhost/articles/note-article');
    expect(meta('property="og:type"')).toBe('article');
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
  });

  it('shares a video article without an image by its YouTube thumbnail, as its card shows it', async () => {
    serve();
    open('video-article');
    await screen.findByRole('heading', { level: 1, name: '動画の記事' });
    expect(meta('property="og:image"')).toBe('https://i.ytimg.com/vi/Qm7xK2pLd9A/hqdefault.jpg');
    expect(meta('name="twitter:image"')).toBe('https://i.ytimg.com/vi/Qm7xK2pLd9A/hqdefault.jpg');
  });

  it('uses the default share image for an article with neither an image nor a video', async () => {
    serve();
    open('other-3');
    await screen.findByRole('heading', { level: 1, name: '関連3' });
    expect(meta('property="og:image"')).toBe('http://localhost/og-default.png');
  });

  it('says the article was not found and replaces the entry with /not-found', async () => {
    serve();
    open('no-such-article');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-found'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-navigation', 'REPLACE');
  });

  it('renders 記事が見つかりませんでした。 before redirecting', async () => {
    serve();
    const { container } = open('no-such-article');
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-found'));
    observer.disconnect();
    expect(seen.some((text) => text.includes('記事が見つかりませんでした。'))).toBe(true);
  });

  it('reads the article from the build snapshot when the service is down', async () => {
    serve({ down: true });
    open('note-article');
    expect(await screen.findByRole('heading', { level: 1, name: 'ノートの記事' })).toBeInTheDocument();
  });

  it('treats a slug missing from the snapshot as not found when the service is down', async () => {
    serve({ down: true });
    open('nowhere');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-found'));
  });

  it('shows a locally stored article the service does not have', async () => {
    window.localStorage.setItem(
      'articles',
      JSON.stringify([makeArticle({ id: 70, slug: 'mine', title: '手元の記事' })]),
    );
    serve();
    open('mine');
    expect(await screen.findByRole('heading', { level: 1, name: '手元の記事' })).toBeInTheDocument();
  });
});
