import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArticleApiError } from 'shared-articles';
import { renderApp, signedIn } from 'shared-data/testing';
import { setViewportWidth } from 'shared-ui/testing';
import { BusinessSettingsProvider } from '../../../lib/BusinessSettingsProvider';
import { fakeArticleClient, sampleArticles, sampleProfile } from '../../../testing/fakes';
import { DashboardPage } from './DashboardPage';

const cardTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

function renderDashboard(listBusiness = jest.fn(async () => sampleArticles)) {
  renderApp(<DashboardPage />, {
    auth: signedIn(sampleProfile),
    articleClient: fakeArticleClient({ listBusiness }),
    providers: BusinessSettingsProvider,
  });
  return listBusiness;
}

async function renderLoaded() {
  renderDashboard();
  await screen.findByText('4件の記事');
}

describe('DashboardPage', () => {
  let restoreViewport: () => void;
  beforeEach(() => {
    localStorage.clear();
    restoreViewport = setViewportWidth(1280);
  });
  afterEach(() => restoreViewport());

  it('has the title and subtitle, and shows the loading text first', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('事業者ごとのサービスサイトを一覧でご覧いただけます。')).toBeInTheDocument();
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    expect(await screen.findByText('4件の記事')).toBeInTheDocument();
    expect(document.title).toBe('Dashboard | AIまなび');
  });

  it('lists the articles newest first as cards linking to their business page', async () => {
    await renderLoaded();
    expect(cardTitles()).toEqual([
      '事業者向け：経理のAI活用ガイド',
      'A: データ分析入門',
      '事業者向け：SNS集客ワークショップ',
      '事業者向け：生成AI導入セミナー',
    ]);
    const card = screen.getByRole('link', { name: '事業者向け：SNS集客ワークショップ' }).closest('article');
    if (!card) throw new Error('card not found');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/business/articles/sns-workshop');
    expect(within(card).getByText('画像なし')).toBeInTheDocument();
    expect(within(card).getByText('マーケティング')).toBeInTheDocument();
    expect(within(card).getByText('2025年8月3日')).toBeInTheDocument();
    expect(within(card).getByText('インスタグラムの投稿を作ります。')).toBeInTheDocument();
    expect(within(card).getByText(/続きを読む/)).toBeInTheDocument();
  });

  it('cuts the excerpt at 150 characters and adds ...', async () => {
    const long = { ...sampleArticles[0]!, content: `<p>${'あ'.repeat(200)}</p>` };
    renderDashboard(jest.fn(async () => [long]));
    expect(await screen.findByText(`${'あ'.repeat(150)}...`)).toBeInTheDocument();
  });

  it('offers すべて plus each distinct category, and filters by the chosen one', async () => {
    await renderLoaded();
    const chips = within(screen.getByRole('group', { name: 'カテゴリー' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['すべて', 'AI活用', 'マーケティング', '会計・経理']);

    await userEvent.click(screen.getByRole('button', { name: 'AI活用' }));
    expect(cardTitles()).toEqual(['A: データ分析入門', '事業者向け：生成AI導入セミナー']);
    expect(screen.getByText('2件の記事')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'すべて' }));
    expect(cardTitles()).toHaveLength(4);
  });

  it('is a dropdown on small screens', async () => {
    restoreViewport();
    restoreViewport = setViewportWidth(375);
    await renderLoaded();
    const toggle = screen.getByRole('button', { name: /カテゴリー/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: '会計・経理' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(cardTitles()).toEqual(['事業者向け：経理のAI活用ガイド']);
  });

  it('searches title and body, ignoring case, width and kana', async () => {
    await renderLoaded();
    const search = screen.getByRole('searchbox', { name: '記事を検索' });
    expect(search).toHaveAttribute('placeholder', '記事を検索...');

    await userEvent.type(search, 'ｃｈａｔｇｐｔ'); // full-width, lower case; the body says ChatGPT
    expect(cardTitles()).toEqual(['事業者向け：生成AI導入セミナー']);

    await userEvent.clear(search);
    await userEvent.type(search, 'いんすたぐらむ'); // hiragana; the body says インスタグラム
    expect(cardTitles()).toEqual(['事業者向け：SNS集客ワークショップ']);

    await userEvent.clear(search);
    await userEvent.type(search, 'sns'); // the title says SNS
    expect(cardTitles()).toEqual(['事業者向け：SNS集客ワークショップ']);
  });

  it('needs both the category and the search to match', async () => {
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'AI活用' }));
    await userEvent.type(screen.getByRole('searchbox'), '請求書');
    expect(cardTitles()).toEqual([]);
    expect(screen.getByText('条件に一致する記事が見つかりませんでした。')).toBeInTheDocument();
  });

  it('sorts by date, title or category', async () => {
    await renderLoaded();
    const sort = screen.getByRole('combobox', { name: '並び替え' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['日付順', 'title順', 'カテゴリー順']);

    await userEvent.selectOptions(sort, 'title順');
    expect(cardTitles()).toEqual([
      'A: データ分析入門',
      '事業者向け：SNS集客ワークショップ',
      '事業者向け：経理のAI活用ガイド',
      '事業者向け：生成AI導入セミナー',
    ]);

    await userEvent.selectOptions(sort, 'カテゴリー順');
    expect(cardTitles()).toEqual([
      'A: データ分析入門',
      '事業者向け：生成AI導入セミナー',
      '事業者向け：SNS集客ワークショップ',
      '事業者向け：経理のAI活用ガイド',
    ]);
  });

  it('shows dates in the time zone chosen in the settings', async () => {
    localStorage.setItem('businessSettings', JSON.stringify({ timezone: 'UTC' }));
    await renderLoaded();
    expect(screen.getByText('2025年8月2日 15:00 (UTC)')).toBeInTheDocument();
  });

  it("shows the API's error and loads again on retry", async () => {
    const listBusiness = jest
      .fn()
      .mockRejectedValueOnce(new ArticleApiError('ログインが必要です。', 401))
      .mockResolvedValueOnce(sampleArticles);
    renderDashboard(listBusiness);
    expect(await screen.findByRole('alert')).toHaveTextContent('ログインが必要です。');
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('4件の記事')).toBeInTheDocument();
    expect(listBusiness).toHaveBeenCalledTimes(2);
  });

  it('falls back to 記事の取得に失敗しました。 for errors without a message for users', async () => {
    renderDashboard(jest.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent('記事の取得に失敗しました。');
  });

  it('says when there are no articles at all', async () => {
    renderDashboard(jest.fn(async () => []));
    expect(await screen.findByText('まだ記事がありません。')).toBeInTheDocument();
  });
});
