import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Article } from 'shared-articles';
import { deferred, fakeFetch, renderApp, type FakeReply } from 'shared-data/testing';
import { makeArticle } from 'shared-articles/testing';
import AdminConsoleRoutes from '../../../routes';
import { adminAuth } from '../../../testing/adminAuth';

const renderAdmin = (url: string) => renderApp(<AdminConsoleRoutes />, { url, auth: adminAuth });

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const titleField = () => field(/^タイトル/);
// An input with a suggestion list is a combobox.
const categoryField = () => screen.getByRole('combobox', { name: /^カテゴリー/ });
const contentField = () => field(/^本文（HTML）/);
const slugField = () => field(/^スラッグ/);

function setUp(
  createReply: () => FakeReply | Promise<FakeReply> = () => ({ status: 201, body: makeArticle({ id: 99 }) }),
) {
  const articles: Article[] = [makeArticle({ id: 1, title: '既存の記事', category: 'AI副業' })];
  const api = fakeFetch({
    'GET /articles': () => ({ status: 200, body: articles }),
    'POST /articles': async (request) => {
      const reply = await createReply();
      // Like article-api: empty links are dropped and an empty slug is generated.
      if (reply !== 'network-error' && reply.status === 201)
        articles.push(makeArticle({ ...withoutEmptyFields(request.body as Article), id: 99 }));
      return reply;
    },
  });
  renderAdmin('/admin/articles/new');
  return api;
}

const withoutEmptyFields = (body: Article): Article =>
  Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== null)) as Article;

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(titleField(), '新しい記事のタイトル');
  await user.type(categoryField(), 'AI活用');
  await user.click(contentField());
  await user.paste('<p>本文です。</p>');
}

describe('create article form', () => {
  it('dates a new article today in Japan time', async () => {
    jest.useFakeTimers({ advanceTimers: true, now: new Date('2025-05-29T15:30:00Z') }); // 00:30 on 5/30 in Tokyo
    try {
      setUp();
      expect(await screen.findByLabelText(/^公開日/)).toHaveValue('2025-05-30');
    } finally {
      jest.useRealTimers();
    }
  });

  it("leaves the empty required fields to the browser's check, worded by the shared schema, and sends nothing", async () => {
    const user = userEvent.setup();
    const api = setUp();
    const dateField = await screen.findByLabelText(/^公開日/);
    await user.clear(dateField);
    await user.click(screen.getByRole('button', { name: '作成する' }));

    for (const [control, message] of [
      [titleField(), 'タイトルを入力してください。'],
      [categoryField(), 'カテゴリーを入力してください。'],
      [dateField, '日付はYYYY-MM-DD形式の正しい日付で入力してください。'],
      [contentField(), '本文を入力してください。'],
    ] as const) {
      expect(control).toBeRequired();
      expect((control as HTMLInputElement).validity.valueMissing).toBe(true);
      expect((control as HTMLInputElement).validationMessage).toBe(message);
    }
    // The browser stopped the submission: the form's own check never ran, nothing was sent.
    expect(titleField()).toHaveAttribute('aria-invalid', 'false');
    expect(api.sent('POST', '/articles')).toHaveLength(0);

    // Typing clears the message, so the field is valid as soon as it has a value.
    await user.type(titleField(), '題');
    expect(titleField()).toBeValid();
  });

  it("shows the shared schema's messages next to the required fields the browser passes (only spaces)", async () => {
    const user = userEvent.setup();
    const api = setUp();
    await user.type(await screen.findByRole('textbox', { name: /^タイトル/ }), '   ');
    await user.type(categoryField(), ' ');
    await user.click(contentField());
    await user.paste(' \n ');
    await user.click(screen.getByRole('button', { name: '作成する' }));

    expect(await screen.findByText('タイトルを入力してください。')).toBeInTheDocument();
    for (const [control, message] of [
      [titleField(), 'タイトルを入力してください。'],
      [categoryField(), 'カテゴリーを入力してください。'],
      [contentField(), '本文を入力してください。'],
    ] as const) {
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(control).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(titleField()).toHaveFocus();
    expect(api.sent('POST', '/articles')).toHaveLength(0);
  });

  it("words the browser's URL check with the schema's message", async () => {
    const user = userEvent.setup();
    const api = setUp();
    await fillRequired(user);
    await user.type(field(/^参照URL/), 'example.com/article');
    await user.click(screen.getByRole('button', { name: '作成する' }));

    const url = field(/^参照URL/) as HTMLInputElement;
    expect(url.validity.typeMismatch).toBe(true);
    expect(url.validationMessage).toBe('参照URLはhttp://またはhttps://で始まる2048文字以内のURLで入力してください。');
    expect(api.sent('POST', '/articles')).toHaveLength(0);
  });

  it('checks the optional fields with the same schema (slug and URLs)', async () => {
    const user = userEvent.setup();
    const api = setUp();
    await fillRequired(user);
    await user.type(slugField(), 'Bad Slug');
    await user.type(field(/^画像URL/), 'ftp://example.com/a.png');
    await user.click(screen.getByRole('button', { name: '作成する' }));

    expect(await screen.findByText(/^スラッグは半角英小文字/)).toBeInTheDocument();
    expect(field(/^画像URL/)).toHaveAccessibleDescription(
      expect.stringContaining('画像URLはhttp://またはhttps://で始まる'),
    );
    expect(titleField()).toHaveAttribute('aria-invalid', 'false');
    expect(api.sent('POST', '/articles')).toHaveLength(0);
  });

  it("puts the service's field errors next to their fields and its error in a banner, keeping what was typed", async () => {
    const user = userEvent.setup();
    setUp(() => ({
      status: 409,
      body: { error: 'このスラッグは既に使われています。', fields: { slug: 'このスラッグは既に使われています。' } },
    }));
    await fillRequired(user);
    await user.type(slugField(), 'taken-slug');
    await user.click(screen.getByRole('button', { name: '作成する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('このスラッグは既に使われています。');
    expect(slugField()).toHaveAttribute('aria-invalid', 'true');
    expect(slugField()).toHaveAccessibleDescription(expect.stringContaining('このスラッグは既に使われています。'));
    expect(slugField()).toHaveFocus();
    expect(titleField()).toHaveValue('新しい記事のタイトル');
    expect(slugField()).toHaveValue('taken-slug');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/articles/new');
  });

  it('reads 作成中... and is disabled while saving; a failure keeps the user and the text', async () => {
    const user = userEvent.setup();
    const reply = deferred<FakeReply>();
    setUp(() => reply.promise);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: '作成する' }));

    expect(await screen.findByRole('button', { name: '作成中...' })).toBeDisabled();
    await act(async () => reply.resolve({ status: 500, body: {} }));

    expect(await screen.findByRole('alert')).toHaveTextContent('記事の作成に失敗しました。');
    expect(screen.getByRole('button', { name: '作成する' })).toBeEnabled();
    expect(titleField()).toHaveValue('新しい記事のタイトル');
    expect(contentField()).toHaveValue('<p>本文です。</p>');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/articles/new');
  });

  it('sends the form with the ID token and returns to a refreshed list', async () => {
    const user = userEvent.setup();
    const api = setUp();
    await screen.findByRole('checkbox', { name: /既存の記事/ });
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: /既存の記事/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: /^記事タイプ/ }), 'youtube');
    await user.click(screen.getByRole('button', { name: '作成する' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/articles$/));
    const [post] = api.sent('POST', '/articles');
    expect(post?.headers.get('Authorization')).toBe('Bearer test-id-token');
    expect(post?.body).toMatchObject({
      title: '新しい記事のタイトル',
      category: 'AI活用',
      content: '<p>本文です。</p>',
      relatedArticles: [1],
      articleType: 'youtube',
      slug: '',
    });
    expect(await screen.findByRole('cell', { name: '新しい記事のタイトル' })).toBeInTheDocument();
  });

  it('offers the existing categories as suggestions', async () => {
    setUp();
    await screen.findByRole('checkbox', { name: /既存の記事/ });
    const listId = categoryField().getAttribute('list');
    expect(document.getElementById(listId ?? '')?.querySelector('option')).toHaveAttribute('value', 'AI副業');
  });

  it('previews the body sanitised, as readers will see it', async () => {
    const user = userEvent.setup();
    setUp();
    await user.click(await screen.findByRole('textbox', { name: /^本文（HTML）/ }));
    await user.paste('<h2>プレビュー見出し</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>');

    const preview = screen.getByRole('region', { name: 'プレビュー' });
    expect(await screen.findByRole('heading', { level: 2, name: 'プレビュー見出し' })).toBeInTheDocument();
    expect(preview.innerHTML).not.toMatch(/onerror|<script/);
  });
});
