// Releasing one remote alone (docs/releasing.md): the admin team builds admin-console
// from its own checkout against a newer shared package and releases it while the shell keeps
// running; the gate refuses an incompatible build; rollback; preview overrides. Private servers
// on :4000–4004 serve a throw-away artifact store and read the registry of a private release
// release service (:4101) and article API (:4102), so the shared stack and dist/ stay untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot } from 'local-stack/apps.mjs';
import { runtimeConfig } from 'local-stack/stack.mjs';
import { adminUser, operatorUser, signInAs } from '../support/auth';
import { loadedSharedCopies } from '../support/federation';
import { startPrivateApi, startPrivateReleaseService, type PrivateApi } from '../support/privateApi';
import { startPrivateWebApps, type ServerHandle } from '../support/servers';
import { createTeamCheckout, type TeamCheckout } from '../support/teamCheckout';
import { paced } from '../support/pace';

const SHELL = 'http://localhost:4000';
const RELEASES = 'http://localhost:4004/releases';
const PREVIEW_ORIGIN = 'http://127.0.0.1:4004';
const PROBE = '共有UIの新しい部品で表示しています';

test.describe.configure({ mode: 'serial' });

let storeDir: string;
let api: PrivateApi;
/** The admin pages' articles, from an API that lets the private shell's origin call it. */
let articles: PrivateApi;
let servers: Record<string, ServerHandle>;
let checkout: TeamCheckout;

/** The release registry service's production lines (what both the CLI and the shell go by). */
const registryLines = async () =>
  ((await (await fetch(`${api.base}/registry/production`)).json()) as { lines: Record<string, string> }).lines;
/** Released through the CLI, as the admin team (the emulator's admin account); served once the shell has it. */
const release = async (...args: string[]) => {
  const answer = await checkout.release(args, { RELEASE_API_URL: api.base, RELEASE_STORE_DIR: storeDir });
  const live = (await registryLines()).admin_console;
  // The shell's server revalidates the registry every second: the next page load is the release's.
  if (live) await expect.poll(() => servedManifest(), { timeout: paced(5_000) }).toBe(live);
  return answer;
};
const servedManifest = async () =>
  ((await (await fetch(`${SHELL}/mf-remotes.json`)).json()) as Record<string, string>).admin_console;

/** Manifest URLs of admin-console (any origin) the page requests from now on. */
function watchManifests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (url.endsWith('/mf-manifest.json') && /:4004\//.test(url)) seen.push(url);
  });
  return seen;
}

async function openConsoleAsAdmin(page: Page, query = '') {
  await signInAs(page, adminUser, { origin: SHELL });
  await page.goto(`${SHELL}/admin${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ダッシュボード', { timeout: paced(20_000) });
}

test.beforeAll(async () => {
  test.setTimeout(paced(120_000));
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-e2e-store-'));
  articles = await startPrivateApi(4102, { CORS_ORIGINS: SHELL });
  api = await startPrivateReleaseService(4101, {
    CORS_ORIGINS: SHELL,
    RELEASE_PUBLIC_URL: RELEASES,
    RELEASE_SHELL_MANIFEST: `${SHELL}/mf-manifest.json`,
  });
  servers = await startPrivateWebApps({
    storeDir,
    config: {
      ...runtimeConfig(),
      apiBaseUrl: articles.base,
      releaseServiceUrl: api.base,
      previewOrigins: [PREVIEW_ORIGIN],
    },
  });
  checkout = createTeamCheckout();
});

test.afterAll(async () => {
  await Promise.all(Object.values(servers ?? {}).map((s) => s.close()));
  await Promise.all([api?.stop(), articles?.stop()]);
  checkout?.remove();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

test('admin-console released alone against a newer shared-ui works while the shell keeps its own copy', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  const shellBefore = await (await page.request.get(`${SHELL}/main.js`)).body();
  const base = await release('admin-console', '--version', 'base', '--from', path.join(repoRoot, 'admin-console/dist'));
  expect(base.output).toContain('✔ admin_console base を公開しました');
  expect(base.code).toBe(0);

  const manifests = watchManifests(page);
  await openConsoleAsAdmin(page);
  expect(manifests).toEqual([`${RELEASES}/base/mf-manifest.json`]);

  // The admin team's change: a new component in shared-ui (version bumped), used in AdminLayout.
  const uiPackage = JSON.parse(fs.readFileSync(path.join(checkout.dir, 'shared-ui/package.json'), 'utf8'));
  const [major, minor] = uiPackage.version.split('.').map(Number);
  const bumped = `${major}.${minor + 1}.0`;
  checkout.edit('shared-ui/package.json', (text) =>
    text.replace(`"version": "${uiPackage.version}"`, `"version": "${bumped}"`),
  );
  fs.writeFileSync(
    path.join(checkout.dir, 'shared-ui/src/components/ReleaseProbe.tsx'),
    `export function ReleaseProbe() {\n  return <p>${PROBE}</p>;\n}\n`,
  );
  checkout.edit(
    'shared-ui/src/index.ts',
    (text) => `${text}export { ReleaseProbe } from './components/ReleaseProbe';\n`,
  );
  const layout = 'admin-console/src/components/AdminLayout.tsx';
  checkout.edit(layout, (text) =>
    text.replace(/import \{ ([^}]*) \} from 'shared-ui';/, "import { $1, ReleaseProbe } from 'shared-ui';"),
  );
  checkout.edit(layout, (text) => text.replace('{children}</Content>', '<ReleaseProbe />\n{children}</Content>'));
  const skew = await release('admin-console', '--version', 'skew');
  expect(skew.output).toContain(`shared-ui: ^${bumped} はシェルの ${uiPackage.version} では満たせないため`);
  expect(skew.code).toBe(0);

  await page.reload();
  await expect(page.getByText(PROBE)).toBeVisible({ timeout: paced(20_000) });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ダッシュボード');
  await expect(page.getByRole('table')).toBeVisible();
  expect(manifests.at(-1)).toBe(`${RELEASES}/skew/mf-manifest.json`);
  const copies = await loadedSharedCopies(page, ['shared-ui', 'shared-context', 'react']);
  expect(copies['shared-ui']!.sort()).toEqual([`admin_console@${bumped}`, `shell@${uiPackage.version}`].sort());
  expect(copies['shared-context']).toHaveLength(1);
  expect(copies.react).toHaveLength(1);
  const shellAfter = await (await page.request.get(`${SHELL}/main.js`)).body();
  expect(shellAfter.equals(shellBefore)).toBe(true);
});

test('an admin-console that needs React 20 is refused; the registry and the live console stay as they were', async ({
  page,
}) => {
  test.setTimeout(paced(240_000));
  const registryBefore = await registryLines();
  const react = checkout.ownPackage('react');
  const manifestFile = path.join(react, 'package.json');
  fs.writeFileSync(
    manifestFile,
    fs.readFileSync(manifestFile, 'utf8').replace(/"version": "[^"]+"/, '"version": "20.0.0"'),
  );

  const refused = await release('admin-console', '--version', 'react20');
  expect(refused.code).toBe(1);
  expect(refused.output).toMatch(
    /共有シングルトン react: admin_console は \^20\.0\.0 を必要としますが、シェルが提供するのは 19\.\d+\.\d+ です。/,
  );
  expect(refused.output).toContain('レジストリと公開中のサイトは変更していません。');
  expect(await registryLines()).toEqual(registryBefore);
  expect(fs.readdirSync(path.join(storeDir, 'admin-console')).sort()).toEqual(['base', 'skew']);

  const manifests = watchManifests(page);
  await openConsoleAsAdmin(page);
  await expect(page.getByText(PROBE)).toBeVisible();
  expect(manifests).toEqual([`${RELEASES}/skew/mf-manifest.json`]);
});

test('rollback points the registry back at the previous release; the next page load uses it', async ({ page }) => {
  const manifests = watchManifests(page);
  await openConsoleAsAdmin(page);
  await expect(page.getByText(PROBE)).toBeVisible();

  const rollback = await release('admin-console', '--rollback');
  expect(rollback.output).toContain('✔ admin_console を base に戻しました');
  expect(await registryLines()).toEqual({ admin_console: `${RELEASES}/base/mf-manifest.json` });

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ダッシュボード');
  await expect(page.getByText(PROBE)).toHaveCount(0);
  expect(manifests).toEqual([`${RELEASES}/skew/mf-manifest.json`, `${RELEASES}/base/mf-manifest.json`]);
});

test('an admin previews another release in their own browser, sees the banner and resets it', async ({ page }) => {
  const preview = `${PREVIEW_ORIGIN}/releases/skew/mf-manifest.json`;
  const manifests = watchManifests(page);
  await openConsoleAsAdmin(page, `?mf-override=admin_console=${encodeURIComponent(preview)}`);
  const banner = page.getByRole('complementary', { name: 'リモートのプレビュー' });
  await expect(banner).toContainText(`プレビュー中: admin_console → ${preview}`);
  await expect(page.getByText(PROBE)).toBeVisible();
  expect(manifests).toEqual([preview]); // the registry's release was never fetched

  await page.goto(`${SHELL}/admin/articles`); // remembered without the parameter
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('記事管理');
  await expect(banner).toBeVisible();
  await expect(page.getByText(PROBE)).toBeVisible();

  await banner.getByRole('button', { name: 'リセット' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('記事管理');
  await expect(banner).toHaveCount(0);
  await expect(page.getByText(PROBE)).toHaveCount(0);
  expect(manifests.at(-1)).toBe(`${RELEASES}/base/mf-manifest.json`);
  expect(await page.evaluate(() => localStorage.getItem('mfPreviewOverrides'))).toBeNull();
});

test('a visitor’s and an operator’s ?mf-override= are ignored', async ({ page }) => {
  const preview = encodeURIComponent(`${PREVIEW_ORIGIN}/releases/skew/mf-manifest.json`);
  const previewRequests: string[] = [];
  page.on('request', (request) => request.url().startsWith(PREVIEW_ORIGIN) && previewRequests.push(request.url()));

  await page.goto(`${SHELL}/about?mf-override=admin_console=${preview}&mf-override=public_site=${preview}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('私たちについて');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('complementary', { name: 'リモートのプレビュー' })).toHaveCount(0);

  await signInAs(page, operatorUser, { origin: SHELL });
  await page.goto(`${SHELL}/business/dashboard?mf-override=admin_console=${preview}`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'ログアウト' }).first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('complementary', { name: 'リモートのプレビュー' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('mfPreviewOverrides'))).toBeNull();
  expect(previewRequests).toEqual([]);
});

test('an override to an origin outside the allow-list is refused and the registry’s release loads', async ({
  page,
}) => {
  const outside = 'http://127.0.0.1:4003/mf-manifest.json';
  const outsideRequests: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith('http://127.0.0.1:4003') && outsideRequests.push(request.url()),
  );
  const manifests = watchManifests(page);
  await openConsoleAsAdmin(page, `?mf-override=admin_console=${encodeURIComponent(outside)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'プレビューを拒否しました' })).toContainText(
    `admin_console → ${outside}（http://127.0.0.1:4003 はプレビューを許可されたオリジンではありません）`,
  );
  expect(manifests).toEqual([`${RELEASES}/base/mf-manifest.json`]);
  expect(outsideRequests).toEqual([]);
});
