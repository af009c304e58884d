import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseArticleId } from './EditArticlePage';
import { deferred, fakeFetch, renderApp, type FakeReply } from 'shared-data/testing';
import { makeArticle } from 'shared-articles/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const edited = makeArticle({
  id: 5,
  title: '編集する記事',
  category: 'AI活用',
  date: '2025-04-01',
  content: '<p>元の本文</p>',
  slug: 'edited-article',
  tag: 'AI,仕事効率化',
  image: 'https://example.com/a.png',
  relatedArticles: [3],
  articleType: 'youtube',
});
const others = [makeArticle({ id: 3, title: '関連する記事' }), makeArticle({ id: 4, title: '別の記事' })];

const titleField = () => screen.getByRole('textbox', { name: /^タイトル/ });

function setUp(updateReply: () => FakeReply | Promise<FakeReply> = () => ({ status: 200, body: edited })) {
  const api = fakeFetch({
    'GET /articles': () => ({ status: 200, body: [edited, ...others] }),
    'GET /articles/5': () => ({ status: 200, body: edited }),
    'PUT /articles/5': updateReply,
  });
  renderAdmin('/admin/articles/edit/5');
  return api;
}

describe('edit article form', () => {
  it("starts from the article's values and never offers the article as its own related article", async () => {
    setUp();
    expect(await screen.findByDisplayValue('編集する記事')).toBe(titleField());
    expect(screen.getByRole('combobox', { name: /^カテゴリー/ })).toHaveValue('AI活用');
    expect(screen.getByLabelText(/^公開日/)).toHaveValue('2025-04-01');
    expect(screen.getByRole('textbox', { name: /^本文（HTML）/ })).toHaveValue('<p>元の本文</p>');
    expect(screen.getByRole('textbox', { name: /^スラッグ/ })).toHaveValue('edited-article');
    expect(screen.getByRole('combobox', { name: /^記事タイプ/ })).toHaveValue('youtube');
    expect(await screen.findByRole('checkbox', { name: /関連する記事/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /別の記事/ })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /編集する記事/ })).not.toBeInTheDocument();
  });

  it('lists the chosen related articles in order, each removable', async () => {
    const user = userEvent.setup();
    setUp();
    await user.click(await screen.findByRole('checkbox', { name: /別の記事/ }));
    const chosen = screen.getByRole('list', { name: '選択中の関連記事（表示順）' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['関連する記事×', '別の記事×']);

    await user.click(within(chosen).getByRole('button', { name: '関連する記事を外す' }));
    expect(screen.getByRole('checkbox', { name: /関連する記事/ })).not.toBeChecked();
    expect(within(chosen).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads 更新中... while saving, sends the full form with PUT, then returns to the list', async () => {
    const user = userEvent.setup();
    const reply = deferred<FakeReply>();
    const api = setUp(() => reply.promise);
    await screen.findByDisplayValue('編集する記事');
    await user.clear(titleField());
    await user.type(titleField(), '更新後のタイトル');
    await user.clear(screen.getByRole('textbox', { name: /^画像URL/ }));
    await user.click(screen.getByRole('button', { name: '更新する' }));

    expect(await screen.findByRole('button', { name: '更新中...' })).toBeDisabled();
    await act(async () => reply.resolve({ status: 200, body: { ...edited, title: '更新後のタイトル' } }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/articles$/));
    expect(api.sent('PUT', '/articles/5')[0]?.body).toEqual({
      title: '更新後のタイトル',
      category: 'AI活用',
      date: '2025-04-01',
      content: '<p>元の本文</p>',
      tag: 'AI,仕事効率化',
      image: '', // '' tells the service to remove the image
      url: '',
      noteUrl: '',
      slug: 'edited-article',
      relatedArticles: [3],
      articleType: 'youtube',
    });
  });

  it("keeps the user and the edits when the update fails, with the service's message", async () => {
    const user = userEvent.setup();
    setUp(() => ({ status: 403, body: { error: '管理者権限が必要です。' } }));
    await screen.findByDisplayValue('編集する記事');
    await user.type(titleField(), '（改）');
    await user.click(screen.getByRole('button', { name: '更新する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('管理者権限が必要です。');
    expect(titleField()).toHaveValue('編集する記事（改）');
    expect(screen.getByRole('button', { name: '更新する' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/articles/edit/5');
  });

  it('falls back to 記事の更新に失敗しました。 when the service gives no message', async () => {
    const user = userEvent.setup();
    setUp(() => 'network-error');
    await screen.findByDisplayValue('編集する記事');
    await user.click(screen.getByRole('button', { name: '更新する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('記事の更新に失敗しました。');
  });

  it('shows only the message when the article cannot be loaded', async () => {
    fakeFetch({ 'GET /articles/5': () => ({ status: 404, body: { error: '記事が見つかりませんでした。' } }) });
    renderAdmin('/admin/articles/edit/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('記事が見つかりませんでした。');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '更新する' })).not.toBeInTheDocument();
  });

  it('falls back to 記事の取得に失敗しました。 when the load fails without a message', async () => {
    fakeFetch({ 'GET /articles/5': () => ({ status: 400, body: {} }) });
    renderAdmin('/admin/articles/edit/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('記事の取得に失敗しました。');
  });

  it('does not ask the service about an id that cannot exist', async () => {
    const api = fakeFetch({});
    renderAdmin('/admin/articles/edit/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('記事が見つかりませんでした。');
    expect(api.requests).toHaveLength(0);
  });
});

describe('parseArticleId', () => {
  it.each([
    ['5', 5],
    ['123', 123],
    ['0', null],
    ['-1', null],
    ['05', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999999999999', null],
    [undefined, null],
  ])('%s → %s', (raw, id) => expect(parseArticleId(raw)).toBe(id));
});
