import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ArticleApiError, type BusinessArticle } from 'shared-articles';
import { renderApp, signedIn } from 'shared-data/testing';
import { BusinessSettingsProvider } from '../../../lib/BusinessSettingsProvider';
import { fakeArticleClient, sampleArticles, sampleProfile } from '../../../testing/fakes';
import { BusinessArticlePage } from './BusinessArticlePage';

const bySlug = (slug: string): BusinessArticle => {
  const article = sampleArticles.find((candidate) => candidate.slug === slug);
  if (!article) throw new ArticleApiError('記事が見つかりませんでした。', 404);
  return article;
};

function renderArticle(
  slug: string,
  getBusinessBySlug: (slug: string) => Promise<BusinessArticle> = async (s) => bySlug(s),
) {
  const articleClient = fakeArticleClient({ getBusinessBySlug, listBusiness: jest.fn(async () => sampleArticles) });
  renderApp(<BusinessArticlePage />, {
    url: `/business/articles/${slug}`,
    path: '/business/articles/:slug',
    auth: signedIn(sampleProfile),
    articleClient,
    providers: BusinessSettingsProvider,
  });
  return getBusinessBySlug;
}

const meta = (selector: string) => document.head.querySelector(`meta[${selector}]`)?.getAttribute('content');

describe('BusinessArticlePage', () => {
  beforeEach(() => localStorage.clear());

  it('shows the loading text, then the article', async () => {
    renderArticle('seminar');
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: '事業者向け：生成AI導入セミナー' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2025年8月1日')).toHaveAttribute('dateTime', '2025-08-01');
    expect(screen.getByText('AI活用')).toBeInTheDocument();
    expect(document.querySelector('img[src="https://images.example.com/seminar.jpg"]')).not.toBeNull();
  });

  it('renders the sanitised body', async () => {
    const hostile = {
      ...sampleArticles[0]!,
      content: '<p>安全な<strong>本文</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
    };
    renderArticle(
      'seminar',
      jest.fn(async () => hostile),
    );
    const strong = await screen.findByText('本文');
    expect(strong.tagName).toBe('STRONG');
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
  });

  it('links back to the dashboard, to the details in a new tab, and to other articles', async () => {
    renderArticle('seminar');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: '← ダッシュボードに戻る' })).toHaveAttribute('href', '/business/dashboard');
    const details = screen.getByRole('link', { name: /詳細/ });
    expect(details).toHaveAttribute('href', 'https://example.com/seminar');
    expect(details).toHaveAttribute('target', '_blank');
    expect(details).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: '他の記事も見る' })).toHaveAttribute('href', '/business/dashboard');
  });

  it('has no details link when the article has no url', async () => {
    renderArticle('sns-workshop');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /詳細/ })).not.toBeInTheDocument();
  });

  it('lists the related articles with image, title and link', async () => {
    renderArticle('seminar');
    const related = await screen.findByRole('region', { name: '関連記事' });
    const link = await within(related).findByRole('link', { name: '事業者向け：経理のAI活用ガイド' });
    expect(link).toHaveAttribute('href', '/business/articles/accounting-guide');
    expect(link.querySelector('img')).toHaveAttribute('src', 'https://images.example.com/accounting.jpg');
    expect(within(related).getAllByRole('link')).toHaveLength(1);
  });

  it('drops images that fail to load instead of showing a broken icon', async () => {
    renderArticle('seminar');
    await screen.findByRole('heading', { level: 1 });
    const hero = document.querySelector('img[src="https://images.example.com/seminar.jpg"]');
    if (!hero) throw new Error('no hero image');
    fireEvent.error(hero);
    expect(document.querySelector('img[src="https://images.example.com/seminar.jpg"]')).toBeNull();

    const related = await within(screen.getByRole('region', { name: '関連記事' })).findByRole('link');
    const thumbnail = related.querySelector('img');
    if (!thumbnail) throw new Error('no related thumbnail');
    fireEvent.error(thumbnail);
    expect(related.querySelector('img')).toBeNull();
    expect(related.querySelector('.no-image')).not.toBeNull();
  });

  it('falls back to at most three same-category articles when none are listed', async () => {
    renderArticle('data-analysis');
    const related = await screen.findByRole('region', { name: '関連記事' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['事業者向け：生成AI導入セミナー']);
  });

  it('sets the page title and the social metadata', async () => {
    renderArticle('seminar');
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('事業者向け：生成AI導入セミナー | AIまなび');
    expect(meta('property="og:title"')).toBe('事業者向け：生成AI導入セミナー | AIまなび');
    expect(meta('name="description"')).toBe('中小企業のための ChatGPT 活用入門です。');
    expect(meta('property="og:description"')).toBe('中小企業のための ChatGPT 活用入門です。');
    expect(meta('property="og:image"')).toBe('https://images.example.com/seminar.jpg');
    expect(meta('property="og:url"')).toBe('http://localhost/business/articles/seminar');
  });

  it('cuts the description at 120 characters and uses the default share image without an image', async () => {
    renderArticle(
      'sns-workshop',
      jest.fn(async () => ({ ...sampleArticles[1]!, content: `<p>${'い'.repeat(130)}</p>` })),
    );
    await screen.findByRole('heading', { level: 1 });
    expect(meta('name="description"')).toBe('い'.repeat(120));
    expect(meta('property="og:image"')).toBe('http://localhost/og-default.png');
  });

  it('shows the date in the chosen time zone', async () => {
    localStorage.setItem('businessSettings', JSON.stringify({ timezone: 'UTC' }));
    renderArticle('seminar');
    expect(await screen.findByText('2025年7月31日 15:00 (UTC)')).toBeInTheDocument();
  });

  it('replaces the location with /not-found once loading an unknown slug has ended', async () => {
    renderArticle('no-such-article');
    expect(screen.getByText('記事を読み込んでいます...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/not-found'));
  });

  it('offers a retry, not a 404, when the service fails', async () => {
    const getBusinessBySlug = jest
      .fn()
      .mockRejectedValueOnce(new ArticleApiError('記事の取得に失敗しました。', 503))
      .mockImplementation(async (slug: string) => bySlug(slug));
    renderArticle('seminar', getBusinessBySlug);
    expect(await screen.findByRole('alert')).toHaveTextContent('記事の取得に失敗しました。');
    expect(screen.getByTestId('location')).toHaveTextContent('/business/articles/seminar');
    await userEvent.click(screen.getByRole('button', { name: '再試行' }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
