import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArticlesPage } from './ArticlesPage';
import { makeArticle } from 'shared-articles/testing';
import { fakeFetch, renderApp } from 'shared-data/testing';

const longBody = `<p>${'あ'.repeat(140)}</p><p>${'い'.repeat(40)}</p>`;
const articles = [
  makeArticle({ id: 1, slug: 'prompt', title: 'プロンプトの基本', category: '生成AI初心者', date: '2025-02-10' }),
  makeArticle({
    id: 2,
    slug: 'chatgpt',
    title: 'ChatGPTで副業',
    category: 'AI副業',
    date: '2025-04-17',
    content: longBody,
  }),
  makeArticle({
    id: 3,
    slug: 'meal',
    title: '献立づくり',
    category: '日常生活',
    date: '2025-02-25',
    content: '<p>ChatGPTに相談</p>',
  }),
  makeArticle({ id: 4, slug: 'news', title: 'AIニュースまとめ', category: 'AIニュース', date: '2025-05-16' }),
];

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

async function renderPage() {
  fakeFetch(() => ({ status: 200, body: articles }));
  renderApp(<ArticlesPage />, { path: '/articles', url: '/articles' });
  await screen.findAllByRole('article');
}

beforeEach(() => window.localStorage.clear());

describe('ArticlesPage', () => {
  it('shows the title, the loading text, then every article newest first', async () => {
    fakeFetch(() => ({ status: 200, body: articles }));
    renderApp(<ArticlesPage />, { path: '/articles', url: '/articles' });
    expect(screen.getByRole('heading', { level: 1, name: 'Articles' })).toBeInTheDocument();
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    await screen.findAllByRole('article');
    expect(cardTitles()).toEqual(['AIニュースまとめ', 'ChatGPTで副業', '献立づくり', 'プロンプトの基本']);
  });

  it('renders each card: link, Japanese date, badge, 150-character excerpt and 続きを読む', async () => {
    await renderPage();
    const card = screen.getAllByRole('article')[1];
    if (!card) throw new Error('expected at least two article cards');
    expect(within(card).getByRole('link', { name: 'ChatGPTで副業' })).toHaveAttribute('href', '/articles/chatgpt');
    expect(within(card).getByText('2025年4月17日')).toBeInTheDocument();
    expect(within(card).getByText('AI副業')).toBeInTheDocument();
    expect(within(card).getByText(`${'あ'.repeat(140)} ${'い'.repeat(9)}...`)).toBeInTheDocument();
    expect(within(card).getByText(/続きを読む/)).toBeInTheDocument();
  });

  it('offers すべて plus the distinct categories of the articles', async () => {
    await renderPage();
    const chips = within(screen.getByRole('group', { name: '記事タグ' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'すべて',
      'AIニュース',
      'AI副業',
      '日常生活',
      '生成AI初心者',
    ]);
  });

  it('filters by category', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: '日常生活' }));
    expect(cardTitles()).toEqual(['献立づくり']);
    await userEvent.click(screen.getByRole('button', { name: 'すべて' }));
    expect(cardTitles()).toHaveLength(4);
  });

  it('searches title and body text, ignoring width, case and kana', async () => {
    await renderPage();
    const search = screen.getByRole('searchbox', { name: '記事を検索' });
    expect(search).toHaveAttribute('placeholder', '記事を検索...');
    await userEvent.type(search, 'ｃｈａｔｇｐｔ');
    expect(cardTitles()).toEqual(['ChatGPTで副業', '献立づくり']);
    await userEvent.clear(search);
    await userEvent.type(search, 'ぷろんぷと');
    expect(cardTitles()).toEqual(['プロンプトの基本']);
  });

  it('requires category and search to match together', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: '日常生活' }));
    await userEvent.type(screen.getByRole('searchbox'), 'chatgpt');
    expect(cardTitles()).toEqual(['献立づくり']);
    await userEvent.click(screen.getByRole('button', { name: 'AIニュース' }));
    expect(cardTitles()).toEqual([]);
  });

  it('says so when nothing matches, and can show everything again', async () => {
    await renderPage();
    await userEvent.type(screen.getByRole('searchbox'), '存在しない言葉');
    expect(screen.getByText(/条件に一致する記事が見つかりませんでした。/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'すべての記事を表示' }));
    expect(cardTitles()).toHaveLength(4);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('lists the build snapshot when the service is down', async () => {
    fakeFetch(({ url }) =>
      url.endsWith('articles-snapshot.json') ? { status: 200, body: [articles[0]] } : 'network-error',
    );
    renderApp(<ArticlesPage />, { path: '/articles', url: '/articles' });
    expect(await screen.findByRole('link', { name: 'プロンプトの基本' })).toBeInTheDocument();
  });
});
