import { expect, test, type Page } from '@playwright/test';
import { startShellWithoutApi, type ServerHandle } from '../support/servers';
import { hydratedNode, interactive } from '../support/hydration';
import { adminIdToken, API } from '../support/reliabilityApi';
import { paced } from '../support/pace';

/** The seed's public article count: what the build snapshot holds. */
const SEED_COUNT = 21;

const cards = (page: Page) => page.getByRole('main').getByRole('article');
const cardTitles = (page: Page) => cards(page).getByRole('heading').allTextContents();

test.describe('articles list', () => {
  test('desktop: category chips and a width/kana-insensitive search, newest first', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Articles');
    await expect(cards(page).first()).toBeVisible();
    // The chips are tapped below: they answer once the served page has hydrated.
    await interactive(page);

    const chips = page.getByRole('group', { name: '記事タグ' }).getByRole('button');
    await expect(chips.first()).toHaveText('すべて');
    await expect(chips.first()).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: '記事タグ' })).toHaveCount(0);

    const dates = await cards(page)
      .locator('time')
      .evaluateAll((times) => times.map((t) => t.getAttribute('datetime') ?? ''));
    expect(dates).toEqual([...dates].sort().reverse());
    expect(await cards(page).first().locator('time').textContent()).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日$/);

    await page.getByRole('button', { name: 'AIニュース' }).click();
    await expect(page.getByRole('button', { name: 'AIニュース' })).toHaveAttribute('aria-pressed', 'true');
    for (const card of await cards(page).all()) await expect(card).toContainText('AIニュース');

    await page.getByRole('button', { name: 'すべて' }).click();
    await page.getByRole('searchbox', { name: '記事を検索' }).fill('ｃｈａｔｇｐｔ');
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.some((title) => title.includes('ChatGPT'))).toBe(true);

    await page.getByRole('searchbox', { name: '記事を検索' }).fill('該当しないキーワードxyz');
    await expect(page.getByText(/条件に一致する記事が見つかりませんでした。/)).toBeVisible();
  });

  test('phone: a 記事タグ dropdown that closes after choosing', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/articles');
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole('group', { name: '記事タグ' })).toHaveCount(0);
    await interactive(page);

    const dropdown = page.getByRole('button', { name: /記事タグ/ });
    await expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    await dropdown.click();
    await expect(dropdown).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: '日常生活' }).click();
    await expect(dropdown).toHaveAttribute('aria-expanded', 'false');
    await expect(dropdown).toContainText('日常生活');
    for (const card of await cards(page).all()) await expect(card).toContainText('日常生活');
  });

  test('card images have fixed dimensions and load lazily below the fold', async ({ page }) => {
    await page.goto('/articles');
    await expect(cards(page).first()).toBeVisible();
    const images = cards(page).locator('img');
    await expect(images.first()).toHaveAttribute('width', '640');
    await expect(images.first()).toHaveAttribute('height', '360');
    await expect(images.last()).toHaveAttribute('loading', 'lazy');
    const frameHeight = await cards(page)
      .first()
      .evaluate((card) => card.firstElementChild?.getBoundingClientRect().height);
    expect(frameHeight).toBeCloseTo(200, 1);
  });

  test('phone: cards far below the fold wait to be laid out, and scrolling to them moves nothing in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/articles');
    await interactive(page);
    // checkVisibility with contentVisibilityAuto is false for what a card holds while the browser
    // skips laying it out (the card's own box stands in at its placeholder height).
    const laidOut = (index: number) =>
      cards(page)
        .nth(index)
        .getByRole('heading')
        .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    await expect(cards(page)).toHaveCount(SEED_COUNT);
    expect(await laidOut(0)).toBe(true);
    expect(await laidOut(SEED_COUNT - 1)).toBe(false);

    // Layout shifts while the reader scrolls down the whole list, card by card.
    await page.evaluate(() => {
      const shifts: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift' });
      (window as unknown as { shifts: number[] }).shifts = shifts;
    });
    for (let step = 0; step < 30; step++) await page.mouse.wheel(0, 400);
    const last = cards(page).last();
    await expect.poll(() => laidOut(SEED_COUNT - 1)).toBe(true);
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifted.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);

    await last.getByRole('link').click();
    await expect(page).toHaveURL(/\/articles\/[^/]+$/);
  });
});

test.describe('article detail', () => {
  test('shows header, body, note button, related articles, promo and social meta', async ({ page }) => {
    await page.goto('/articles/what-is-generative-ai');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '生成AIってなに？今さら聞けない基本をやさしく解説',
    );
    await expect(page.getByText('2025年1月15日')).toBeVisible();
    await expect(page.getByRole('link', { name: /記事一覧に戻る/ })).toHaveAttribute('href', '/articles');
    await expect(page.getByRole('link', { name: 'noteで続きを読む' })).toHaveAttribute('target', '_blank');
    const related = page.getByRole('region', { name: '関連記事' }).getByRole('article');
    await expect(related).not.toHaveCount(0);
    expect(await related.count()).toBeLessThanOrEqual(3);
    await expect(page.getByRole('complementary', { name: 'AIの学びは、LINEでもっと手軽に' })).toBeVisible();
    await expect(page).toHaveTitle('生成AIってなに？今さら聞けない基本をやさしく解説 | AIまなび');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'http://localhost:3000/articles/what-is-generative-ai',
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    expect((await page.locator('meta[property="og:description"]').getAttribute('content'))?.length).toBe(120);
  });

  test('a video article shows its video once, above the body', async ({ page }) => {
    await page.goto('/articles/chatgpt-getting-started-video');
    const play = page.getByRole('button', { name: /^動画を再生：/ });
    await expect(play).toBeVisible();
    await expect(page.locator('main iframe')).toHaveCount(0);
    const [videoBottom, bodyTop] = await Promise.all([
      play.evaluate((el) => el.getBoundingClientRect().bottom),
      page.getByRole('heading', { name: '動画で分かること' }).evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(videoBottom).toBeLessThan(bodyTop);
  });

  test('an unknown slug replaces the history entry with /not-found', async ({ page }) => {
    await page.goto('/articles');
    await expect(cards(page).first()).toBeVisible();
    // Cards are visible in the server's HTML already: navigate only once React owns the page.
    await hydratedNode(page, 'main h1');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/articles/no-such-article-e2e');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'ページが見つかりません' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/articles$/);
  });

  test('opening an unknown slug directly lands on the 404 page', async ({ page }) => {
    await page.goto('/articles/definitely-not-here');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByText('お探しのページは存在しないか、移動された可能性があります。')).toBeVisible();
  });
});

test.describe('articles and the article service', () => {
  test('an article created through the API shows up on /articles and opens', async ({ page }) => {
    const slug = `e2e-public-${Date.now()}`;
    const title = `E2E公開記事 ${slug}`;
    const response = await fetch(`${API}/articles`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminIdToken()}` },
      body: JSON.stringify({
        title,
        slug,
        category: 'AIニュース',
        date: '2099-12-31',
        content: '<p>エンドツーエンドテストで作成した記事の本文です。</p>',
      }),
    });
    expect(response.status, await response.clone().text()).toBe(201);

    // Within 5 s (spec): the server uses a version answer for 100 ms, so if another worker's page
    // was checked just before the POST, the very first page may be the one before it.
    await expect(async () => {
      await page.goto('/articles');
      await expect(cards(page).first().getByRole('heading')).toHaveText(title, { timeout: paced(1000) });
    }).toPass({ timeout: paced(5000) });
    await cards(page).first().getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('エンドツーエンドテストで作成した記事の本文です。')).toBeVisible();
  });

  test('with the API unreachable, articles are still listed and readable from the snapshot', async ({ page }) => {
    const snapshotRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/articles-snapshot.json')) snapshotRequests.push(request.url());
    });
    await page.route('**/api/**', (route) => route.abort());
    // The server renders the page, so its API must be down too: a shell server of its own.
    const shell: ServerHandle = await startShellWithoutApi(4161);
    try {
      await page.goto('http://localhost:4161/articles');
      await expect(cards(page)).toHaveCount(SEED_COUNT);
      await expect(page.getByText(`${SEED_COUNT}件の記事`)).toBeVisible();
      await interactive(page);

      // The list arrived rendered by the server; the first data the browser itself needs (the
      // article, on a client-side navigation) comes from the snapshot.
      await page.getByRole('link', { name: '生成AIってなに？今さら聞けない基本をやさしく解説' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        '生成AIってなに？今さら聞けない基本をやさしく解説',
      );
      await expect(page.getByRole('heading', { name: '生成AIは「新しいものをつくる」AI' })).toBeVisible();
      await expect.poll(() => snapshotRequests.length).toBeGreaterThan(0);
    } finally {
      await shell.close();
    }
  });

  test('the snapshot is not downloaded while the API answers', async ({ page }) => {
    const snapshotRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/articles-snapshot.json')) snapshotRequests.push(request.url());
    });
    await page.goto('/articles');
    await expect(cards(page).first()).toBeVisible();
    expect(snapshotRequests).toEqual([]);
  });
});
