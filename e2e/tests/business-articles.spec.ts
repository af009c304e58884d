import { expect, test } from '@playwright/test';
import { installGoogleApiStandIn, operatorUser, signInAs } from '../support/auth';
import { animationsDone, expectNoSeriousA11yIssues } from '../support/axe';

const SEMINAR = '事業者向け：生成AI導入セミナー〜小さく始めて成果を出す〜';
const WORK_STYLE = '事業者向け：AIで進める働き方改革セミナー';

test.describe('business dashboard and articles', () => {
  test.beforeEach(async ({ page, context }) => {
    await installGoogleApiStandIn(context);
    await signInAs(page, operatorUser);
  });

  test('dashboard → article → related article → back to the dashboard', async ({ page }) => {
    await page.goto('/business/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(page).toHaveTitle('Dashboard | AIまなび');

    await page.getByRole('link', { name: SEMINAR }).click();
    await expect(page).toHaveURL(/\/business\/articles\/genai-adoption-seminar$/);
    await expect(page.getByRole('heading', { level: 1, name: SEMINAR })).toBeVisible();
    await expect(page.getByText('2025年8月1日')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'セミナーの内容' })).toBeVisible();
    await expect(page).toHaveTitle(`${SEMINAR} | AIまなび`);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'http://localhost:3000/business/articles/genai-adoption-seminar',
    );
    const details = page.getByRole('link', { name: /詳細/ });
    await expect(details).toHaveAttribute('target', '_blank');

    const related = page.getByRole('region', { name: '関連記事' }).getByRole('link');
    await expect(related).toHaveCount(2);
    await related.filter({ hasText: WORK_STYLE }).click();
    await expect(page).toHaveURL(/\/business\/articles\/ai-work-style-reform-seminar$/);
    await expect(page.getByRole('heading', { level: 1, name: WORK_STYLE })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: SEMINAR })).toBeVisible();

    await page.getByRole('link', { name: '← ダッシュボードに戻る' }).click();
    await expect(page).toHaveURL(/\/business\/dashboard$/);
    await expect(cards).toHaveCount(5);
  });

  test('filters by category, searches Japanese-aware and sorts', async ({ page }) => {
    await page.goto('/business/dashboard');
    const titles = page.getByRole('main').getByRole('article').getByRole('heading');
    await expect(titles).toHaveCount(5);

    await page.getByRole('group', { name: 'カテゴリー' }).getByRole('button', { name: '会計・経理' }).click();
    await expect(titles).toHaveText(['事業者向け：経理業務のAI活用ガイド〜請求書処理から月次決算まで〜']);
    await page.getByRole('button', { name: 'すべて' }).click();

    await page.getByRole('searchbox', { name: '記事を検索' }).fill('ＳＮＳ'); // full-width
    await expect(titles).toHaveText(['事業者向け：AIで作るSNS集客ワークショップ']);
    await page.getByRole('searchbox', { name: '記事を検索' }).fill('');

    await page.getByRole('combobox', { name: '並び替え' }).selectOption({ label: 'カテゴリー順' });
    await expect(titles.first()).toHaveText(SEMINAR); // AI活用 comes first in Japanese collation
  });

  test('an unknown slug ends on the 404 page', async ({ page }) => {
    await page.goto('/business/articles/no-such-article');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
  });

  // Light theme: in the dark theme the shared Button and the shell's header/footer still use the
  // dark primary (#806CC0), which misses AA contrast (reported; not this remote's code).
  test('dashboard and article pages pass axe-core', async ({ page }) => {
    await page.goto('/business/dashboard');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(5);
    await animationsDone(page); // the staggered entrance, before contrast is measured
    await expectNoSeriousA11yIssues(page);

    await page.goto('/business/articles/genai-adoption-seminar');
    await expect(page.getByRole('region', { name: '関連記事' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  });
});
