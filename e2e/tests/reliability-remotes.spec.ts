import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { adminUser, signInAs } from '../support/auth';
import { privatePort, privateServerFor, startPrivateWebApps, type ServerHandle } from '../support/servers';
import { paced } from '../support/pace';

/**
 * Remote faults on a private copy of the web apps (:4000–4004, same API and emulator): each
 * remote's server stopped in turn, and a remote serving a broken bundle. The layout must stay,
 * the area must show its fallback, the other areas must keep working, and 再読み込み must recover
 * without a page reload once the remote is back.
 */
const SHELL = `http://localhost:${privatePort(3000)}`;

/**
 * `ready`: the area's page has done its work — never a heading its fallback also has (an h1), and
 * for the admin console the article list the API answered (its own 再読み込み shows when the list
 * fails: checked before the answer came, "no 再読み込み" proved nothing).
 */
const areas = [
  {
    workspace: 'public-site',
    path: '/about',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: '私たちについて' }),
  },
  {
    workspace: 'business-portal',
    path: '/business/settings',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: '設定', exact: true }),
  },
  {
    workspace: 'admin-console',
    path: '/admin/articles',
    ready: (page: Page) => page.getByRole('table', { name: '記事一覧' }),
  },
] as const;

let servers: Record<string, ServerHandle>;
test.beforeAll(async () => {
  servers = await startPrivateWebApps();
});
test.afterAll(async () => {
  await Promise.all(Object.values(servers).map((s) => s.close()));
});

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function expectLayoutWithFallback(page: Page) {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('button', { name: '再読み込み' })).toBeVisible({ timeout: paced(20_000) });
}

for (const area of areas) {
  test(`${area.workspace} stopped: its fallback inside the layout, other areas fine, 再読み込み recovers`, async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInAs(page, adminUser, { origin: SHELL });

    await servers[area.workspace]!.close();
    await page.goto(`${SHELL}${area.path}`);
    await expectLayoutWithFallback(page);

    for (const other of areas.filter((a) => a.workspace !== area.workspace)) {
      await page.goto(`${SHELL}${other.path}`);
      await expect(other.ready(page)).toBeVisible();
      await expect(page.getByRole('button', { name: '再読み込み' })).toHaveCount(0);
    }

    await page.goto(`${SHELL}${area.path}`);
    await expectLayoutWithFallback(page);
    servers[area.workspace] = privateServerFor(area.workspace);
    await servers[area.workspace]!.listen();
    await markDocument(page);
    await page.getByRole('button', { name: '再読み込み' }).click();
    await expect(area.ready(page)).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  });
}

test('a remote serving a broken bundle is handled the same way', async ({ page }) => {
  const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'public-site-broken-'));
  fs.cpSync(path.join(import.meta.dirname, '../../public-site/dist'), broken, { recursive: true });
  const entry = path.join(broken, 'remoteEntry.js');
  fs.writeFileSync(entry, 'var public_site = {; // a deploy that shipped a syntax error\n');
  for (const variant of ['.gz', '.br']) fs.rmSync(`${entry}${variant}`, { force: true });

  await servers['public-site']!.close();
  servers['public-site'] = privateServerFor('public-site', broken);
  await servers['public-site'].listen();
  await page.goto(`${SHELL}/about`);
  await expectLayoutWithFallback(page);
  await page.goto(`${SHELL}/business/login`);
  await expect(page.getByRole('heading', { level: 1, name: '事業者ログイン' })).toBeVisible();

  await page.goto(`${SHELL}/about`);
  await expectLayoutWithFallback(page);
  await servers['public-site'].close();
  servers['public-site'] = privateServerFor('public-site');
  await servers['public-site'].listen();
  await markDocument(page);
  await page.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '私たちについて' })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
  fs.rmSync(broken, { recursive: true, force: true });
});
