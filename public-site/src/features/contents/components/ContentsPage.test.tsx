import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contentItems } from 'shared-articles/contents';
import { ContentsPage } from './ContentsPage';
import { ContentPage } from './ContentPage';
import { renderApp } from 'shared-data/testing';

const titles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('ContentsPage', () => {
  beforeEach(() => renderApp(<ContentsPage />, { path: '/contents', url: '/contents' }));

  it('lists all nine items with badge, date and a 詳しく見る link to the item', () => {
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(9);
    const first = cards[0]!; // nine cards, checked just above
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/contents/ai-basics');
    expect(within(first).getByText('基礎知識')).toBeInTheDocument();
    expect(within(first).getByText('2025.04.01')).toBeInTheDocument();
    expect(within(first).getByText(/詳しく見る/)).toBeInTheDocument();
  });

  it('offers すべて and the six categories as buttons', () => {
    const chips = within(screen.getByRole('group', { name: 'カテゴリー' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'すべて',
      '基礎知識',
      'ビジネス',
      'スキル',
      'ツール',
      '法律',
      '倫理',
    ]);
  });

  it('filters by category', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'ツール' }));
    expect(titles()).toHaveLength(3);
    expect(screen.getAllByRole('article').every((card) => within(card).queryByText('ツール'))).toBe(true);
  });

  it('searches title and description, ignoring kana and width', async () => {
    const search = screen.getByRole('searchbox');
    expect(search).toHaveAttribute('placeholder', 'キーワードで検索...');
    await userEvent.type(search, 'ちゃっとぼっと');
    expect(titles()).toEqual(['LINEで使えるAIチャットボット活用法']);
    await userEvent.clear(search);
    await userEvent.type(search, 'ＤＡＴＡ');
    expect(titles()).toEqual([]);
    expect(screen.getByText('条件に一致するコンテンツが見つかりませんでした。')).toBeInTheDocument();
  });

  it('combines category and search', async () => {
    await userEvent.click(screen.getByRole('button', { name: '基礎知識' }));
    await userEvent.type(screen.getByRole('searchbox'), '歴史');
    expect(titles()).toEqual(['AIの歴史：70年の歩みと3度のブーム']);
  });
});

describe('ContentPage', () => {
  it.each(contentItems.map((item) => [item.url, item.title]))('%s shows its own page', async (url, title) => {
    renderApp(<ContentPage />, { path: '/contents/:slug', url });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    for (const back of screen.getAllByRole('link', { name: /コンテンツ一覧に戻る/ })) {
      expect(back).toHaveAttribute('href', '/contents');
    }
    expect(await screen.findAllByRole('heading', { level: 2 })).not.toHaveLength(0);
  });

  it('is the 404 page for an unknown slug', () => {
    renderApp(<ContentPage />, { path: '/contents/:slug', url: '/contents/x' });
    expect(screen.getByRole('heading', { name: 'ページが見つかりません' })).toBeInTheDocument();
  });
});
