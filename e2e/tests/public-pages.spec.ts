import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { animationsDone, expectNoSeriousA11yIssues, renderSkippedContent } from '../support/axe';
import { interactive } from '../support/hydration';

/** Every public page and the heading it opens with. */
const publicPages = [
  { path: '/', heading: /気づいた人は、/ },
  { path: '/about', heading: '私たちについて' },
  { path: '/contents', heading: 'コンテンツ' },
  { path: '/contents/ai-basics', heading: 'AIの基礎知識：人工知能・機械学習・生成AIの違い' },
  { path: '/articles', heading: 'Articles' },
  { path: '/articles/what-is-generative-ai', heading: '生成AIってなに？今さら聞けない基本をやさしく解説' },
  { path: '/privacy', heading: 'プライバシーポリシー' },
  { path: '/terms', heading: '利用規約' },
];

const viewports = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
];

/**
 * Brings the page to its final look before axe measures colours: with reduced motion every
 * section is revealed at once and no entrance animation is caught half-way.
 */
async function settle(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await animationsDone(page);
  await expect(page.locator('[data-revealed="false"]')).toHaveCount(0);
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

for (const viewport of viewports) {
  test.describe(`public pages at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const { path, heading } of publicPages) {
      test(`${path} renders and has no serious accessibility issue`, async ({ page }) => {
        await page.goto(path);
        await expect(h1(page)).toHaveText(heading);
        const horizontalOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(horizontalOverflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await settle(page);
        await expectNoSeriousA11yIssues(page);
      });
    }
  });
}

test.describe('public pages in the dark theme', () => {
  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  });

  for (const { path, heading } of publicPages) {
    test(`${path}: the page content keeps AA contrast`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page)).toHaveText(heading);
      await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(28, 28, 30)');
      await settle(page);
      await renderSkippedContent(page);
      // The page's own content (the shell's header and footer have their own tests).
      const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      // Each node with the colours axe measured (a contrast failure seen once in a fresh-clone run
      // named only its nodes, the home page's three latest cards), and the theme of the page then.
      const theme = await page.evaluate(() => document.documentElement.dataset.theme);
      expect(
        serious.map(
          (v) =>
            `${v.id} (page theme ${theme}): ${v.nodes.map((n) => `${n.target.join(' ')} ${JSON.stringify(n.any[0]?.data ?? null)}`).join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
});

test.describe('home page', () => {
  test('desktop: the hero shows the add-friend button and no floating button ever appears', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const heroFriend = page
      .getByRole('region', { name: /気づいた人は、/ })
      .getByRole('link', { name: /LINEで友だち追加/ });
    await expect(heroFriend).toBeVisible();
    await expect(heroFriend).toHaveAttribute('target', '_blank');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(page.getByTestId('floating-friend-button')).toBeHidden();
  });

  test('phone: the hero button is hidden; the floating button appears after 100 px of scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(h1(page)).toBeVisible();
    await expect(
      page.getByRole('region', { name: /気づいた人は、/ }).getByRole('link', { name: /LINEで友だち追加/ }),
    ).toBeHidden();
    await expect(page.getByTestId('floating-friend-button')).toBeHidden();
    await interactive(page);
    await page.mouse.wheel(0, 400);
    const floating = page.getByTestId('floating-friend-button').getByRole('link', { name: '友だち追加' });
    await expect(floating).toBeVisible();
    await expect(floating).toHaveAttribute('href', /line\.me/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByTestId('floating-friend-button')).toBeHidden();
  });

  test('the logo fades in, the sections reveal as they scroll into view, and CONTENTS shows 3 articles', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero-logo')).toHaveCSS('opacity', '1');
    const contents = page.getByRole('region', { name: /CONTENTS/ });
    await contents.scrollIntoViewIfNeeded();
    await expect(contents).toHaveAttribute('data-revealed', 'true');
    await expect(contents.getByRole('article')).toHaveCount(3);
  });

  test('もっと見る opens /articles at the top of the page', async ({ page }) => {
    await page.goto('/');
    await interactive(page);
    const more = page.getByRole('link', { name: 'もっと見る' });
    await more.scrollIntoViewIfNeeded();
    await more.click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(h1(page)).toHaveText('Articles');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('shell header on a phone', () => {
  test('the hamburger opens the menu with the public links', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await interactive(page);
    const burger = page.getByRole('button', { name: 'メニューを開く' });
    await burger.click();
    const menu = page.getByRole('dialog', { name: 'メニュー' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: '私たちについて' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(h1(page)).toHaveText('私たちについて');
  });
});

test.describe('about page', () => {
  test('has Mission, Vision, the divider image and a way home', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('region', { name: 'Mission' })).toContainText('日本のAIリテラシーを底上げする');
    await expect(page.getByRole('region', { name: 'Vision' })).toContainText('生産性');
    // The divider is a small SVG, inlined so the server's HTML names it exactly as the browser does.
    const divider = page.locator('main img[width="1200"][height="240"]');
    await expect(divider).toHaveAttribute('src', /^data:image\/svg\+xml/);
    await divider.scrollIntoViewIfNeeded();
    await expect.poll(() => divider.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('link', { name: /ホームに戻る/ }).click();
    await expect(page).toHaveURL('http://localhost:3000/');
  });
});

test.describe('contents', () => {
  test('filters by category and keyword, then opens an item', async ({ page }) => {
    await page.goto('/contents');
    await expect(page.getByRole('article')).toHaveCount(9);
    await interactive(page);
    await page.getByRole('button', { name: '法律' }).click();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: 'すべて' }).click();
    await page.getByRole('searchbox', { name: 'コンテンツを検索' }).fill('ちゃっとぼっと');
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('link', { name: 'LINEで使えるAIチャットボット活用法' }).click();
    await expect(page).toHaveURL(/\/contents\/line-bot$/);
    await expect(h1(page)).toHaveText('LINEで使えるAIチャットボット活用法');
  });

  test('each of the nine item pages exists; an unknown one is the 404 page', async ({ page }) => {
    await page.goto('/contents');
    await expect(page.getByRole('article')).toHaveCount(9);
    const hrefs = await page
      .getByRole('article')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(9);
    for (const href of hrefs) {
      await page.goto(href ?? '');
      await expect(h1(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toHaveCount(0);
    }
    await page.goto('/contents/x');
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
  });
});

test.describe('legal pages', () => {
  for (const path of ['/privacy', '/terms']) {
    test(`${path} has nine numbered sections and the revision date`, async ({ page }) => {
      await page.goto(path);
      const sections = page.getByRole('main').getByRole('heading', { level: 2 });
      await expect(sections).toHaveCount(9);
      await expect(sections.first()).toHaveText('1. はじめに');
      await expect(sections.last()).toHaveText(/^9\. /);
      await expect(page.getByText('最終更新日：2025年5月30日')).toBeVisible();
    });
  }
});
