import { screen, within } from '@testing-library/react';
import { fakeFetch, renderApp } from 'shared-data/testing';
import { makeArticle } from 'shared-articles/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth, TEST_TOKEN } from '../../../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const articles = [
  makeArticle({ id: 1, title: '古い記事', date: '2025-01-10', category: '生成AI初心者' }),
  makeArticle({ id: 2, title: '新しい記事', date: '2025-05-30', category: 'AI副業' }),
];

describe('article list', () => {
  it('shows the loading text, then the articles newest first with category and Japanese date', async () => {
    const api = fakeFetch({ 'GET /articles': () => ({ status: 200, body: articles }) });
    renderAdmin('/admin/articles');

    expect(screen.getByRole('status')).toHaveTextContent('記事を読み込んでいます...');
    const table = await screen.findByRole('table', { name: '記事一覧' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['新しい記事', '古い記事']);
    const newest = rows[0]!; // two rows, checked just above
    expect(within(newest).getByText('AI副業')).toBeInTheDocument();
    expect(within(newest).getByText('2025年5月30日')).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: /^編集\s*：新しい記事$/ })).toHaveAttribute(
      'href',
      '/admin/articles/edit/2',
    );
    expect(within(newest).getByRole('button', { name: /^削除\s*：新しい記事$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '新規作成' })).toHaveAttribute('href', '/admin/articles/new');
    expect(api.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('says so when there are no articles', async () => {
    fakeFetch({ 'GET /articles': () => ({ status: 200, body: [] }) });
    renderAdmin('/admin/articles');
    expect(await screen.findByText(/記事がまだありません。/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the service's error message in the banner", async () => {
    fakeFetch({ 'GET /articles': () => ({ status: 500, body: { error: 'データベースを読めませんでした。' } }) });
    renderAdmin('/admin/articles');
    // A 5xx is retried once (after about 1 s) before the error shows.
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'データベースを読めませんでした。',
    );
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
  });

  it('falls back to the spec message when the service is unreachable', async () => {
    const api = fakeFetch({ 'GET /articles': () => 'network-error' });
    renderAdmin('/admin/articles');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent('記事の取得に失敗しました。');
    expect(api.sent('GET', '/articles')).toHaveLength(2); // one retry for a network failure
  });

  it.each([
    [401, 'ログインが必要です。'],
    [403, '管理者権限が必要です。'],
  ])('shows the message of a %i at once, without retrying', async (status, message) => {
    const api = fakeFetch({ 'GET /articles': () => ({ status, body: { error: message } }) });
    renderAdmin('/admin/articles');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(api.sent('GET', '/articles')).toHaveLength(1);
  });

  it('reloads after an error when asked', async () => {
    let fail = true;
    fakeFetch({
      'GET /articles': () =>
        fail ? { status: 500, body: { error: '一時的なエラーです。' } } : { status: 200, body: articles },
    });
    renderAdmin('/admin/articles');
    await screen.findByRole('alert', {}, { timeout: 4000 });
    fail = false;
    screen.getByRole('button', { name: '再読み込み' }).click();
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('the dashboard shows the figures of the list above it', async () => {
    fakeFetch({ 'GET /articles': () => ({ status: 200, body: articles }) });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    expect(await screen.findByText('2件')).toBeInTheDocument();
    expect(screen.getByText('最新の公開日').nextElementSibling).toHaveTextContent('2025年5月30日');
    expect(screen.getByRole('table', { name: '記事一覧' })).toBeInTheDocument();
  });
});
