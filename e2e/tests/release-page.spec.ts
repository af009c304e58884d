// The admin console's リリース page (docs/releasing.md) on a stack whose API is a release registry
// with real releases: admin-console's built dist released through the CLI, the page promoting it
// to production and rolling it back with the confirmation, a member of the public-site team who
// sees that remote only and no other admin page, and a canary with steps started from the page.
// Ports 4115–4117 are this file's alone.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { repoRoot } from 'local-stack/apps.mjs';
import { runtimeConfig, webAppServer } from 'local-stack/stack.mjs';
import { adminUser, EMULATOR_PROJECT, signInAs, uniqueUser } from '../support/auth';
import { expectNoSeriousA11yIssues } from '../support/axe';
import { startPrivateReleaseService, type PrivateApi } from '../support/privateApi';
import { appByWorkspace, type ServerHandle } from '../support/servers';
import { paced } from '../support/pace';

const PORTS = { api: 4115, shell: 4116, adminConsole: 4117 } as const;
const SHELL = `http://localhost:${PORTS.shell}`;
const STORE_URL = `http://localhost:${PORTS.adminConsole}/releases`;
const ADMIN_DIST = path.join(repoRoot, 'admin-console', 'dist');

test.describe.configure({ mode: 'serial', timeout: paced(90_000) });

let storeDir: string;
let api: PrivateApi;
let servers: ServerHandle[] = [];

/** `node scripts/release.mjs admin-console …` as the admin team runs it, signed in as the emulator's admin. */
function releaseAdminConsole(args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'scripts', 'release.mjs'), 'admin-console', ...args, '--from', ADMIN_DIST],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          RELEASE_API_URL: api.base,
          RELEASE_STORE_DIR: storeDir,
          RELEASE_EMAIL: adminUser.email,
        },
      },
      (error, out, err) => resolve({ code: error ? Number(error.code ?? 1) : 0, out, err }),
    );
  });
}

/** Gives an emulator account release teams, as firebase-admin would in production. */
async function setReleaseTeams(email: string, teams: string[]): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:9099';
  const app = initializeApp({ projectId: EMULATOR_PROJECT }, `release-page-${crypto.randomUUID()}`);
  try {
    const auth = getAuth(app);
    await auth.setCustomUserClaims((await auth.getUserByEmail(email)).uid, { teams });
  } finally {
    await deleteApp(app);
  }
}

const remoteSection = (page: Page, workspace: string) =>
  page.getByRole('region', { name: new RegExp(`^${workspace} `) });
const environment = (page: Page, workspace: string, name: string): Locator =>
  remoteSection(page, workspace).getByRole('region', { name });

test.beforeAll(async () => {
  test.setTimeout(paced(120_000));
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-page-store-'));
  api = await startPrivateReleaseService(PORTS.api, {
    RELEASE_PUBLIC_URL: STORE_URL,
    RELEASE_SHELL_MANIFEST: `${SHELL}/mf-manifest.json`,
    CORS_ORIGINS: SHELL,
  });
  servers = [
    webAppServer(appByWorkspace('admin-console'), { port: PORTS.adminConsole, storeDir }),
    webAppServer(appByWorkspace('shell'), {
      port: PORTS.shell,
      config: { ...runtimeConfig(), releaseServiceUrl: api.base },
      remotes: {
        public_site: 'http://localhost:3002/mf-manifest.json',
        business_portal: 'http://localhost:3003/mf-manifest.json',
        admin_console: `http://localhost:${PORTS.adminConsole}/mf-manifest.json`,
      },
      registryUrl: `${api.base}/registry/production`,
      serverRendering: false,
      renderThreads: 0,
    }),
  ];
  for (const server of servers) await server.listen();

  // Production serves page-1; staging the newer page-2, waiting to be promoted.
  for (const [version, env] of [
    ['page-1', 'production'],
    ['page-2', 'staging'],
  ]) {
    const answer = await releaseAdminConsole(['--env', env!, '--version', version!]);
    expect(answer.err).toBe('');
    expect(answer.code).toBe(0);
  }
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await api?.stop();
  if (storeDir) fs.rmSync(storeDir, { recursive: true, force: true });
});

test('an admin promotes staging’s release to production and rolls it back, each confirmed', async ({ page }) => {
  await signInAs(page, adminUser, { origin: SHELL });
  await page.goto(`${SHELL}/admin/releases`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('リリース', { timeout: paced(20_000) });
  const staging = environment(page, 'admin-console', 'ステージング (staging)');
  const production = environment(page, 'admin-console', '本番 (production)');
  await expect(staging).toContainText('公開中page-2');
  await expect(staging).toContainText(`${STORE_URL}/page-2/mf-manifest.json`);
  await expect(production).toContainText('公開中page-1');
  await expect(production).toContainText(`実行者${adminUser.email}`);
  await expect(remoteSection(page, 'public-site')).toBeVisible(); // an admin sees every remote

  await staging.getByRole('button', { name: '本番へ昇格' }).click();
  const promotion = page.getByRole('dialog', { name: '本番へ昇格しますか？' });
  await expect(promotion).toContainText('admin-console（admin_console） の page-2 を本番 (production)に昇格します。');
  await promotion.getByRole('button', { name: '昇格する' }).click();
  await expect(page.getByText('admin-console の page-2 を本番 (production)に昇格しました。')).toBeVisible();
  await expect(production).toContainText('公開中page-2');
  const registry = await (await fetch(`${api.base}/registry/production`)).json();
  expect(registry.lines.admin_console).toBe(`${STORE_URL}/page-2/mf-manifest.json`);

  await production.getByRole('button', { name: 'ロールバック' }).click();
  const rollback = page.getByRole('dialog', { name: 'ロールバックしますか？' });
  await expect(rollback).toContainText(
    'admin-console（admin_console） の本番 (production)を page-2 から page-1 に戻します。',
  );
  await rollback.getByRole('button', { name: 'ロールバックする' }).click();
  await expect(page.getByText('admin-console の本番 (production)を page-1 に戻しました。')).toBeVisible();
  await expect(production).toContainText('公開中page-1');

  const audit = remoteSection(page, 'admin-console').getByRole('table', { name: 'admin-console の監査ログ' });
  const rows = audit.getByRole('row');
  await expect(rows).toHaveCount(5); // header, two CLI releases, the promotion, the rollback
  await expect(rows.nth(1)).toContainText('ロールバック');
  await expect(rows.nth(2)).toContainText('昇格');
  for (const index of [1, 2, 3, 4]) await expect(rows.nth(index)).toContainText(adminUser.email);
});

test('a member of the public-site team sees that remote only, and no other admin page', async ({ browser, page }) => {
  const member = uniqueUser('release-page-public-team');
  // The first sign-in creates the account; the claim is set on it; the second sign-in's token carries it.
  const creator = await browser.newContext();
  await signInAs(await creator.newPage(), member, { origin: SHELL });
  await creator.close();
  await setReleaseTeams(member.email, ['public-site']);
  await signInAs(page, member, { origin: SHELL });

  await page.goto(`${SHELL}/admin/releases`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('リリース', { timeout: paced(20_000) });
  await expect(page.getByText('チーム public-site のリモートのステージングと本番を表示しています。')).toBeVisible();
  await expect(remoteSection(page, 'public-site')).toBeVisible();
  await expect(remoteSection(page, 'admin-console')).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: '管理メニュー' });
  await expect(menu.getByRole('link')).toHaveText(['リリース', /サイトを表示/]);

  for (const other of ['/admin', '/admin/articles', '/admin/users']) {
    await page.goto(`${SHELL}${other}`);
    await expect(page).toHaveURL(`${SHELL}/business/dashboard`);
  }
});

test('an admin starts a canary with steps from the page: the fields checked in Japanese, the plan sent to the service', async ({
  page,
}) => {
  // A folder in the artifact store that no release names yet, as a CI job that publishes would leave it.
  fs.cpSync(ADMIN_DIST, path.join(storeDir, 'admin-console', 'page-3'), { recursive: true });
  await signInAs(page, adminUser, { origin: SHELL });
  await page.goto(`${SHELL}/admin/releases`);
  const production = environment(page, 'admin-console', '本番 (production)');
  const panel = production.getByRole('region', { name: 'カナリア（admin-console・本番）' });
  const form = panel.getByRole('form', { name: 'カナリアを開始（admin-console・本番）' });
  await expect(form).toBeVisible({ timeout: paced(20_000) });
  await expectNoSeriousA11yIssues(page);

  await form.getByRole('textbox', { name: 'バージョン' }).fill('page-3');
  await form.getByRole('textbox', { name: 'ステップ (%)' }).fill('10,5');
  await form.getByRole('button', { name: 'カナリアを開始' }).click();
  await expect(form).toContainText('ステップは増えていく順に入力してください (例: 1,10,50)。');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await form.getByRole('textbox', { name: 'ステップ (%)' }).fill('1,10,50');
  await form.getByRole('button', { name: 'カナリアを開始' }).click();
  const dialog = page.getByRole('dialog', { name: 'カナリアを開始しますか？' });
  await expect(dialog).toContainText(
    'page-3 をカナリアとして訪問者の 1 % に配信します（1 → 10 → 50 % → 昇格、各 10 分以上',
  );
  await dialog.getByRole('button', { name: '開始する' }).click();
  await expect(
    page.getByText('admin-console の本番 (production)でカナリア page-3 を訪問者の 1 % に配信しています。'),
  ).toBeVisible();
  await expect(panel).toContainText('状態実行中 1 %');
  await expect(panel).toContainText('ステップ1/3（1 → 10 → 50 % → 昇格、各 10 分以上・健全の判定で自動で進みます）');
  const registry = await (await fetch(`${api.base}/registry/production`)).json();
  expect(registry.canaries.admin_console).toEqual({ manifestUrl: `${STORE_URL}/page-3/mf-manifest.json`, percent: 1 });
});
