import { expect, test, type Page } from '@playwright/test';
import { adminUser, operatorUser, signInAs } from '../support/auth';
import { startShellWithoutApi, type ServerHandle } from '../support/servers';
import { adminIdToken, createArticle, type CreatedArticle, deleteArticle } from '../support/reliabilityApi';
import { interactive } from '../support/hydration';
import { serverRenderedAnswer } from '../support/serverRendering';
import { paced } from '../support/pace';

/**
 * The article service unreachable (connection refused; the API process belongs to the shared
 * stack, so the browser's calls to it are refused instead): public pages read the build snapshot,
 * the business dashboard and the admin console show their Japanese error messages, nothing is
 * blank. Once it answers again, a retry brings fresh data: an article that exists only in the
 * live service appears.
 */

const SERVICE = 'http://localhost:3001/**';
const SNAPSHOT_COUNT = 21; // the seed's public articles, what the build snapshot holds
const LOAD_FAILED = '記事の取得に失敗しました。';

let token: string;
let liveOnly: CreatedArticle;
test.beforeAll(async () => {
  token = await adminIdToken();
  liveOnly = await createArticle(token, {
    title: `サービス復旧後にだけ見える記事 ${Date.now()}`,
    date: '2099-12-31',
    content: '<p>この記事はビルド時のスナップショットには含まれていません。</p>',
  });
});
test.afterAll(async () => {
  await deleteArticle(token, liveOnly.id);
});

async function refuseService(page: Page) {
  await page.route(SERVICE, (route) => route.abort('connectionrefused'));
}

function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource|ERR_CONNECTION_REFUSED/.test(message.text())) {
      errors.push(`console: ${message.text().slice(0, 300)}`);
    }
  });
  return errors;
}

async function expectLayout(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

const cards = (page: Page) => page.getByRole('main').getByRole('article');

/**
 * Public pages are rendered by the shell's server, so "the service is down" must hold there too: a
 * shell server of its own whose API address refuses connections (the shared stack keeps its API).
 */
const SHELL_WITHOUT_API = 'http://localhost:4160';
let shellWithoutApi: ServerHandle;
test.beforeAll(async () => {
  shellWithoutApi = await startShellWithoutApi(4160);
});
test.afterAll(async () => {
  await shellWithoutApi?.close();
});

test('while the service is down, a page from the snapshot says so, and an article it does not know is no 404', async ({
  request,
}) => {
  // In the snapshot: rendered from it, marked degraded (kept in the cache for seconds only). The
  // server started just before this test: asked until rendered (serverRenderedAnswer).
  const known = await serverRenderedAnswer(request, `${SHELL_WITHOUT_API}/articles/what-is-generative-ai`);
  expect(known.status()).toBe(200);
  expect(known.headers()['x-render']).toMatch(/^server; .*degraded/);
  // Published after the build: the server cannot know whether it exists, so it neither says 404
  // (a crawler would drop the page) nor renders "not found"; the browser asks the API itself.
  const unknown = await request.get(`${SHELL_WITHOUT_API}/articles/${liveOnly.slug}`);
  expect(unknown.status()).toBe(200);
  expect(unknown.headers()['x-render']).toBe('client');
  const again = await request.get(`${SHELL_WITHOUT_API}/articles/${liveOnly.slug}`);
  expect([again.status(), again.headers()['x-render']]).toEqual([200, 'client']);
});

test('public pages: the snapshot while the service is down, the live list once it is back', async ({ page }) => {
  const errors = watchErrors(page);
  await refuseService(page);

  await page.goto(`${SHELL_WITHOUT_API}/`);
  await expectLayout(page);
  await expect(cards(page)).toHaveCount(3); // home: the 3 newest, from the snapshot

  await page.goto(`${SHELL_WITHOUT_API}/articles`);
  await expectLayout(page);
  await expect(cards(page)).toHaveCount(SNAPSHOT_COUNT);
  await expect(page.getByText(liveOnly.title)).toHaveCount(0);
  await interactive(page);

  await cards(page).first().getByRole('link').first().click();
  await expectLayout(page);
  await expect(page.getByRole('link', { name: /記事一覧に戻る/ })).toBeVisible();

  // Left before the service is reachable: the article page's refused query is tried once more a
  // moment later, and from this shell's origin (:4160, which the shared API does not allow) that
  // retry would end in a CORS error (seen in a CI run and reproduced here).
  await page.goto('about:blank');
  await page.unroute(SERVICE);
  // The shared stack's page cache may serve the list from before our article for one more load
  // while its new render passes 250 ms (stale while revalidating, docs/server-rendering.md): loaded
  // again until the live list is there.
  await expect(async () => {
    await page.goto('/articles');
    await expect(cards(page).first().getByRole('heading')).toHaveText(liveOnly.title, { timeout: paced(2_000) });
  }).toPass({ timeout: paced(30_000) });
  // Ours on top of the snapshot's (other tests may have added more to the shared service).
  expect(await cards(page).count()).toBeGreaterThan(SNAPSHOT_COUNT);
  await interactive(page);
  await page.getByRole('link', { name: liveOnly.title }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(liveOnly.title);
  expect(errors).toEqual([]);
});

test('business dashboard: its Japanese error and 再試行, then the articles once the service is back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signInAs(page, operatorUser);
  await refuseService(page);
  await page.goto('/business/dashboard');
  await expectLayout(page);
  await expect(page.getByRole('navigation', { name: '事業者ナビゲーション' })).toBeVisible();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText(LOAD_FAILED, { timeout: paced(30_000) });
  await expect(cards(page)).toHaveCount(0);

  await page.unroute(SERVICE);
  await alert.getByRole('button', { name: '再試行' }).click();
  await expect(cards(page).first()).toBeVisible();
  await expect(cards(page)).toHaveCount(5);
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('admin console: its Japanese error and 再読み込み, then the live list once the service is back', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await signInAs(page, adminUser);
  await refuseService(page);
  await page.goto('/admin/articles');
  await expectLayout(page);
  await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(LOAD_FAILED, { timeout: paced(30_000) });

  await page.unroute(SERVICE);
  await page.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('row').filter({ hasText: liveOnly.title })).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});
